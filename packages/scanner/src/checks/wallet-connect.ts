import { lexiconPattern } from '../page/lexicon/lexicon.ts';
import type { PageFacts } from '../page/page-facts.ts';

const CONNECT = lexiconPattern('connectWallet');
/** Code that asks an injected wallet for accounts or permissions: how a page connects a wallet. */
export const WALLET_REQUEST =
  /ethereum\s*\.\s*(?:request|enable)|eth_requestAccounts|wallet_requestPermissions|solana\s*\.\s*connect|phantom\s*\.\s*solana|web3modal|@walletconnect|createAppKit|WalletConnectProvider/i;

/**
 * Calls that make a wallet hand something over: an approval, a Permit signature, a transaction, a
 * marketplace order. Connecting, reading the accounts, the chain or a balance hands nothing over.
 */
const SIGNING_CALLS: readonly [RegExp, string][] = [
  [/setApprovalForAll/, 'setApprovalForAll'],
  [/increaseAllowance/, 'increaseAllowance'],
  [/\bapprove\s*\([^)]*(?:0x[fF]{16,}|MaxUint256|MAX_UINT|2\s*\*\*\s*256)/, 'unlimited approve'],
  // The same approval as raw call data: approve's selector, then an amount of all ones.
  [/\b(?:0x)?095ea7b3[\s\S]{0,200}?[fF]{32,}/, 'unlimited approve'],
  [/eth_signTypedData(?:_v4)?[\s\S]{0,400}\bPermit2?\b|\bPermit2?\b[\s\S]{0,400}eth_signTypedData/, 'Permit signature'],
  [/eth_sendTransaction/, 'eth_sendTransaction'],
  [/signAllTransactions|signTransaction\s*\(/, 'Solana transaction signing'],
  [/transferFrom\s*\(/, 'transferFrom'],
  [/fulfillBasicOrder|seaport/i, 'Seaport order'],
];

/** The signatures and transfers the code asks a wallet for, by name. */
export function walletSigningCalls(code: string): string[] {
  return SIGNING_CALLS.filter(([pattern]) => pattern.test(code)).map(([, name]) => name);
}

/** Any signature at all, limited approvals and sign-in messages too: what a read-only connection never asks for. */
const ANY_SIGNATURE = /personal_sign|eth_sign(?:TypedData\w*)?\b|signMessage|signTypedData|\bapprove\s*\(/;

/** True when the code asks a wallet to sign or send anything, beyond connecting and reading. */
export function asksWalletToSign(code: string): boolean {
  return ANY_SIGNATURE.test(code) || walletSigningCalls(code).length > 0;
}

/** The words a page shows on its buttons and headings. */
const shownWording = (page: PageFacts) => [page.title, ...page.headings, ...page.buttons].join(' \n ');

/** True when the page's buttons or headings ask the visitor to connect a crypto wallet. */
export function asksForWallet(page: PageFacts): boolean {
  return CONNECT.test(shownWording(page));
}

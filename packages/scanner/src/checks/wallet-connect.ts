import { lexiconPattern } from '../page/lexicon/lexicon.ts';
import type { PageFacts } from '../page/page-facts.ts';

const CONNECT = lexiconPattern('connectWallet');
/** Code that asks an injected wallet for accounts or permissions: how a page connects a wallet. */
export const WALLET_REQUEST =
  /ethereum\s*\.\s*(?:request|enable)|eth_requestAccounts|wallet_requestPermissions|solana\s*\.\s*connect|phantom\s*\.\s*solana|web3modal|@walletconnect|createAppKit|WalletConnectProvider/i;

/** The words a page shows on its buttons and headings. */
const shownWording = (page: PageFacts) => [page.title, ...page.headings, ...page.buttons].join(' \n ');

/** True when the page's buttons or headings ask the visitor to connect a crypto wallet. */
export function asksForWallet(page: PageFacts): boolean {
  return CONNECT.test(shownWording(page));
}

import type { AdditionalCheckCode, GeoLocation, ScanProfile, ScanRunStage, Verdict, VerdictError } from '@riskscan/contracts';
import type { Collected, RenderedPage, RenderMiss } from './collect/collected.ts';
import type { Check } from './checks/check.ts';
import type { JudgeUrl } from './checks/redirect-hops.ts';
import type { IpIntelligenceSources } from './extended/ip-intelligence.ts';
import type { GuardedFetchOptions } from './net/guarded-fetch.ts';
import type { HostResolver } from './net/resolver.ts';

/** Who opens the page: the server maps the user's choice of device and country to an agent and a proxy. */
export interface ViewerSetting {
  device: 'desktop' | 'phone';
  /** The country's name as reports show it; null when nobody configured where the server leaves from. */
  country: string | null;
  userAgent: string;
  /** The country's proxy; null: the server's own connection. */
  upstreamProxyUrl: string | null;
}

/** How the scanner reaches the network. The server builds this from its config; nothing here reads the environment. */
export interface ScanNetworkOptions {
  /** A ready resolver; otherwise one is built from `dnsServers`. */
  resolver?: HostResolver;
  /** `SCAN_DNS_SERVERS`, e.g. `['127.0.0.1:5353']`; empty: the system's servers. */
  dnsServers?: readonly string[];
  /** `SCAN_ALLOW_PRIVATE_NETWORKS=true` only: lifts the private-address rule for tests and local fixtures. */
  allowPrivateNetworks?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Extra trusted CA certificates (PEM). */
  trustedCertificates?: readonly string[];
  /** curl-style `--connect-to` port mapping for loopback fixtures (tests only). */
  connectPorts?: Readonly<Record<number, number>>;
  /** Single addresses treated as public (the egress guard's `exemptAddresses`; tests only). */
  exemptAddresses?: readonly string[];
  /** The chosen scan location's proxy: the static fetch and the browser both leave through it, after the egress guard. */
  upstreamProxyUrl?: string | null;
}

/**
 * The browser stage (browser issue): renders the requested URL with the same resolver, egress
 * policy, user agent and port mapping the static fetch used. It may answer a `RenderMiss`: no page,
 * only the capture saying why (no Chromium, a crash before anything loaded).
 */
export type RenderStage = (collected: Collected, fetchOptions: GuardedFetchOptions) => Promise<RenderedPage | RenderMiss | null>;

/**
 * What one call to `scan()` may ask for. `reverseIpLookup` and `networkReputation` feed the IP
 * checks from the server's own public scans; without them those parts stay empty.
 */
export interface ScannerOptions extends IpIntelligenceSources {
  /** The User-Agent header value to send (the service maps the user's choice of code to a value). */
  userAgent?: string;
  /** The scan profile to apply; the default profile when absent. */
  profile?: ScanProfile | null;
  /** The four extended checks the UI ticks; a fast check keeps only web technologies. */
  extendedChecks?: Partial<Record<AdditionalCheckCode, boolean>>;
  /**
   * Quick scan (DESIGN §6): core checks, without the network lookups (DNS, registration, IP) and
   * the link list. The page still renders, since every report carries a screenshot (SPEC §1).
   */
  fastCheck?: boolean;
  /**
   * The visitor typed no scheme: try http when https fails, as a browser does. Defaults to whether
   * the input to `scan()` lacks one; the server stores the input normalised, so it passes this.
   */
  schemeFallback?: boolean;
  /**
   * Other viewers to open the page as (another device, another egress country), each compared
   * with this scan's own visit; the report's `viewers` and the cloaking check read the comparison.
   */
  viewers?: readonly ViewerSetting[];
  /** Where the scan ran from, reported as `geo_location`. */
  geoLocation?: GeoLocation;
  network?: ScanNetworkOptions;
  /** Optional browser stage: screenshot, rendered DOM and network log. */
  render?: RenderStage;
  /**
   * Checks run after the core checks, e.g. reputation verdicts the caller looked up beforehand.
   * They take part in profiles, scoring and classification like the core ones.
   */
  extraChecks?: readonly Check[];
  /**
   * The URL verdict of the submitted address (the lookup), with the caller's reputation feeds.
   * Without it the scan asks the verdict engine itself, without feeds. Either way its evidence is
   * weighed with the page's in the Threat Intelligence category (docs/scoring.md "One verdict").
   */
  urlVerdict?: Verdict | VerdictError;
  /**
   * Judges each later address of the redirect chain (the lookup with the caller's feeds); without
   * it the scanner's own engine, without feeds. The worst hop shows under Threat Intelligence.
   */
  judgeUrl?: JudgeUrl;
  /** RDAP bootstrap file (IANA's by default); tests point it at a local registry. */
  rdapBootstrapUrl?: string;
  /** RDAP address bootstrap files (IANA's by default), for the network holding an address; tests point them at a local registry. */
  rdapAddressBootstrapUrls?: { ipv4: string; ipv6: string };
  /**
   * Registrable domains whose brand to protect beyond the catalogue's, e.g. the domain a monitor
   * watches: a page elsewhere that names one of them and asks for secrets impersonates it.
   */
  protectedDomains?: readonly string[];
  /** Clock for certificate ages (tests pin it). */
  now?: () => Date;
  /** Receives the page's HTML as the checks read it (the rendered DOM when the browser ran), e.g. to keep it for download. */
  keepPageHtml?: (html: string) => void;
  /**
   * Told as the scan enters each stage (issue 37), and awaited: a scan its owner cancelled stops
   * here by throwing, before the next stage's work.
   */
  onStage?: (stage: ScanRunStage) => Promise<void> | void;
}

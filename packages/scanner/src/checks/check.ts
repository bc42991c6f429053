import type { CheckCategory, CheckDetail } from '@riskscan/contracts';
import type { Collected } from '../collect/collected.ts';
import type { PageFacts } from '../page/page-facts.ts';
import type { ScriptCorpus } from '../page/revealed-code.ts';
import type { UrlFacts } from '../url/url-facts.ts';
import { categoryScore } from '../scoring/category-score.ts';

/** What a detail is, independent of any scan: the catalogue entry a scan profile switches on or off. */
export interface DetailDefinition {
  /** Stable code, e.g. `url_ip_host`. */
  name: string;
  /** The check's name as users read it. */
  title: string;
  /** What the check looks at. */
  background_info: string;
  /** Why a finding matters. */
  explanation: string;
  /** The message when the check found nothing. */
  clean: string;
}

/** What a check found for one detail: 0 (nothing) to 100 (decisive on its own). */
export interface Finding {
  risk_score: number;
  message: string;
}

/** Facts derived once per scan and shared by all checks. */
export interface CheckContext {
  requested: UrlFacts;
  final: UrlFacts;
  /** The page the visitor ends on (rendered DOM when available), parsed; null when there is no HTML. */
  page: PageFacts | null;
  /** The page's inline code with encoded literals decoded; null when there is no HTML. */
  scripts: ScriptCorpus | null;
  now: Date;
  /** Registrable domains whose brand this scan protects (`ScannerOptions.protectedDomains`). */
  protectedDomains?: readonly string[];
}

/** A check: one category, a fixed list of details, and one signature `(collected, context) => CheckCategory`. */
export interface Check {
  category: string;
  details: readonly DetailDefinition[];
  run(collected: Collected, context: CheckContext): CheckCategory;
}

/** A detail that could not run for this scan, with why (e.g. no certificate on a plain-http page). */
export interface NotRun {
  not_run: string;
}

export interface CheckOptions {
  /**
   * Whether the check had anything to read for this scan (e.g. a page answered). When it had
   * not, its details without a finding say "Not run" and carry `not_run` instead of a clean 0.
   */
  ran?: (collected: Collected) => boolean;
  /** What a detail says when the check did not run; by default that no page could be loaded. */
  notRunMessage?: string;
}

const NOT_RUN_MESSAGE = 'Not run: no page could be loaded, so there was nothing for this check to read.';

export type Evaluate<Name extends string> = (collected: Collected, context: CheckContext) => Partial<Record<Name, Finding | NotRun>>;

const clampScore = (score: number) => Math.max(0, Math.min(100, Math.round(score)));

const catalogueEntry = ({ name, title, background_info, explanation }: DetailDefinition) => ({ name, title, background_info, explanation });

/**
 * Builds a check from its detail catalogue and an evaluation that reports findings by detail
 * name. Every detail appears in the category (clean ones with score 0), so scan profiles and the
 * "disabled checks" list see the full catalogue.
 */
export function defineCheck<const Definitions extends readonly DetailDefinition[]>(
  category: string,
  details: Definitions,
  evaluate: Evaluate<Definitions[number]['name']>,
): Check;
export function defineCheck<const Definitions extends readonly DetailDefinition[]>(
  category: string,
  details: Definitions,
  options: CheckOptions,
  evaluate: Evaluate<Definitions[number]['name']>,
): Check;
export function defineCheck<const Definitions extends readonly DetailDefinition[]>(
  category: string,
  details: Definitions,
  ...rest: [Evaluate<Definitions[number]['name']>] | [CheckOptions, Evaluate<Definitions[number]['name']>]
): Check {
  const [options, evaluate] = rest.length === 1 ? [{} as CheckOptions, rest[0]] : rest;
  return {
    category,
    details,
    run(collected, context) {
      const outcomes = evaluate(collected, context) as Partial<Record<string, Finding | NotRun>>;
      const ran = options.ran?.(collected) ?? true;
      const built: CheckDetail[] = details.map((definition) => {
        const outcome = outcomes[definition.name];
        if (outcome && 'not_run' in outcome) {
          return { ...catalogueEntry(definition), message: outcome.not_run, risk_score: 0, is_active: true, not_run: true };
        }
        const finding = outcome;
        const detail: CheckDetail = {
          ...catalogueEntry(definition),
          message: finding?.message ?? (ran ? definition.clean : (options.notRunMessage ?? NOT_RUN_MESSAGE)),
          risk_score: clampScore(finding?.risk_score ?? 0),
          is_active: true,
        };
        return finding || ran ? detail : { ...detail, not_run: true };
      });
      return { category, risk_score: categoryScore(built, { countZeroValues: false }), details: built };
    },
  };
}

import { z } from 'zod';

/** What a user says is wrong with a verdict: an honest site rated risky, or phishing rated safe. */
export const VERDICT_REPORT_KINDS = ['false_positive', 'missed_phishing'] as const;
export const VERDICT_REPORT_STATUSES = ['pending', 'accepted', 'rejected'] as const;

export const verdictReportInputSchema = z.object({
  kind: z.enum(VERDICT_REPORT_KINDS),
  comment: z.string().trim().max(2000).optional(),
});
export type VerdictReportInput = z.infer<typeof verdictReportInputSchema>;

export const verdictReportSchema = z.object({
  uid: z.string(),
  scan_uid: z.string(),
  url: z.string(),
  kind: z.enum(VERDICT_REPORT_KINDS),
  comment: z.string().nullable(),
  /** The scan's overall risk when it was reported. */
  overall_risk: z.number().int(),
  status: z.enum(VERDICT_REPORT_STATUSES),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type VerdictReport = z.infer<typeof verdictReportSchema>;

export const verdictReportListSchema = z.object({ results: z.array(verdictReportSchema) });
export const verdictReportQuerySchema = z.object({ status: z.enum(VERDICT_REPORT_STATUSES).default('pending') });
/** `GET /verdict-reports/reviewer/`: whether the caller reviews the queue (the web app's menu links the page for operators). */
export const verdictReviewerSchema = z.object({ operator: z.boolean() });
export const verdictReportDecisionSchema = z.object({ decision: z.enum(['accept', 'reject']) });
export type VerdictReportDecision = z.infer<typeof verdictReportDecisionSchema>['decision'];

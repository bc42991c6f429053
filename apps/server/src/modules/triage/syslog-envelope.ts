// Proxies that forward their access log over syslog (Blue Coat, Squid through rsyslog, Zscaler
// NSS to a SIEM) put a syslog header before each line; the log line itself is the message.

/** RFC 5424: `<PRI>VERSION TIMESTAMP HOSTNAME APP-NAME PROCID MSGID STRUCTURED-DATA MSG`. */
const RFC5424 = /^<\d{1,3}>\d{1,2} \S+ \S+ \S+ \S+ \S+ (?:-|(?:\[(?:[^\]\\]|\\.)*\])+)(?: \uFEFF?|$)/;
/**
 * RFC 3164 (BSD) and rsyslog's high-precision form: `[<PRI>]Mmm dd [yyyy] hh:mm:ss HOST [TAG[pid]:] MSG`
 * or `[<PRI>]yyyy-mm-ddThh:mm:ss[.fff](Z|±hh:mm) HOST [TAG[pid]:] MSG`.
 */
const BSD = new RegExp(
  String.raw`^(?:<\d{1,3}>)?` +
    String.raw`(?:[A-Z][a-z]{2} [ \d]\d(?: \d{4})? \d{2}:\d{2}:\d{2}|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)` +
    String.raw` +\S+ (?:[^\s:[\]]+(?:\[\d+\])?: )?`,
);
/** A bare priority with the message right after it (`<134>2025-11-24 10:00:00 ...`). */
const PRI_ONLY = /^<\d{1,3}>/;

/** The message of a syslog-wrapped line; any other line as it is. */
export function withoutSyslogHeader(line: string): string {
  const first = line.charCodeAt(0);
  // Only `<`, a capital (a month) or a digit (an ISO date) can open a syslog header.
  if (!(first === 0x3c || (first >= 0x41 && first <= 0x5a) || (first >= 0x30 && first <= 0x39))) return line;
  const header = RFC5424.exec(line) ?? BSD.exec(line) ?? PRI_ONLY.exec(line);
  return header ? line.slice(header[0].length) : line;
}

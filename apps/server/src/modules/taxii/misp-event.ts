import { createHash } from 'node:crypto';
import type { MispEvent, MispManifest } from '@riskscan/contracts';
import { type Finding, stableUuid } from './stix-indicator.ts';

/** The organisation MISP shows as the events' creator. */
const RISKSCAN_ORG = { name: 'riskscan', uuid: stableUuid('riskscan:organisation') };
// Public Danger scans are shareable; an account's own look-alikes are for that customer.
const TLP = {
  public: { name: 'tlp:white', colour: '#ffffff' },
  account: { name: 'tlp:amber', colour: '#ffc000' },
};
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const day = (date: Date) => date.toISOString().slice(0, 10);

/** A finding's MISP event uuid: its STIX indicator's, so the two feeds name one thing alike. */
export const mispEventUuid = (finding: Finding) => finding.uuid;

/**
 * One finding as one MISP event with one `url` or `domain` attribute. The event changes (and its
 * timestamp moves, so MISP fetches it again) with every version of the finding: seen again,
 * retracted, expired. Once retracted or expired, `to_ids` turns false, so MISP stops exporting it
 * to detection.
 */
export function mispEvent(finding: Finding, now: Date): MispEvent {
  const expired = finding.revoked || finding.validUntil.getTime() <= now.getTime();
  const changed = String(unix(finding.version));
  const uuid = mispEventUuid(finding);
  return {
    Event: {
      uuid,
      info: `riskscan: ${finding.kind === 'url' ? 'dangerous URL' : 'suspicious look-alike domain'} ${finding.value}`,
      date: day(finding.firstSeen),
      analysis: '2',
      threat_level_id: finding.indicatorType === 'malicious-activity' ? '1' : '2',
      timestamp: changed,
      publish_timestamp: changed,
      published: true,
      Orgc: RISKSCAN_ORG,
      Tag: [finding.scope === '' ? TLP.public : TLP.account],
      Attribute: [
        {
          uuid: stableUuid(`${uuid}:attribute`),
          type: finding.kind === 'url' ? 'url' : 'domain',
          category: 'Network activity',
          value: finding.value,
          to_ids: !expired,
          comment: `${finding.description} ${finding.revoked ? 'Retracted' : 'Valid until'} ${finding.validUntil.toISOString()}.`,
          timestamp: changed,
          first_seen: finding.firstSeen.toISOString(),
          last_seen: finding.lastSeen.toISOString(),
        },
      ],
    },
  };
}

/** The event's line in `manifest.json`. */
export function manifestEntry({ Event: event }: MispEvent): MispManifest {
  return {
    [event.uuid]: {
      Orgc: event.Orgc,
      Tag: event.Tag,
      info: event.info,
      date: event.date,
      analysis: Number(event.analysis),
      threat_level_id: Number(event.threat_level_id),
      timestamp: Number(event.timestamp),
    },
  };
}

/** The event's lines in `hashes.csv`: md5 of each attribute value, and the event uuid. */
export function hashLines({ Event: event }: MispEvent): string[] {
  return event.Attribute.map((attribute) => `${createHash('md5').update(attribute.value, 'utf8').digest('hex')},${event.uuid}`);
}

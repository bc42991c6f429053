import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const STIX_DIR = fileURLToPath(new URL('./oasis-stix-2.1-schemas/', import.meta.url));

/**
 * Ajv with the OASIS STIX 2.1 JSON schemas vendored beside this file (BSD-3-Clause, see their
 * LICENSE), each under its own `$id` so their relative `$ref`s resolve.
 */
export function stixValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  for (const folder of ['common', 'sdos']) {
    for (const file of readdirSync(path.join(STIX_DIR, folder))) {
      ajv.addSchema(JSON.parse(readFileSync(path.join(STIX_DIR, folder, file), 'utf8')));
    }
  }
  const indicator = ajv.getSchema(
    'http://raw.githubusercontent.com/oasis-open/cti-stix2-json-schemas/stix2.1/schemas/sdos/indicator.json',
  )!;
  return { ajv, indicator };
}

// OASIS publishes no JSON schemas for TAXII 2.1 resources; these are transcribed from the
// specification's resource tables (TAXII 2.1 OS, §4.1.1, §4.2.1, §5.1.1, §5.2.1, §3.7, §5.3.1).
const timestamp = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' };
export const TAXII_SCHEMAS = {
  discovery: {
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string' },
      description: { type: 'string' },
      contact: { type: 'string' },
      default: { type: 'string', format: 'uri' },
      api_roots: { type: 'array', items: { type: 'string', format: 'uri' } },
    },
  },
  apiRoot: {
    type: 'object',
    required: ['title', 'versions', 'max_content_length'],
    properties: {
      title: { type: 'string' },
      description: { type: 'string' },
      versions: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^application/taxii\\+json;version=2\\.1$' } },
      max_content_length: { type: 'integer', minimum: 1 },
    },
  },
  collections: {
    type: 'object',
    properties: { collections: { type: 'array', items: { $ref: '#/$defs/collection' } } },
    $defs: {
      collection: {
        type: 'object',
        required: ['id', 'title', 'can_read', 'can_write'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          title: { type: 'string' },
          description: { type: 'string' },
          alias: { type: 'string' },
          can_read: { type: 'boolean' },
          can_write: { type: 'boolean' },
          media_types: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
  envelope: {
    type: 'object',
    properties: { more: { type: 'boolean' }, next: { type: 'string' }, objects: { type: 'array', items: { type: 'object' } } },
    additionalProperties: false,
  },
  manifest: {
    type: 'object',
    properties: {
      more: { type: 'boolean' },
      next: { type: 'string' },
      objects: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'date_added', 'version'],
          properties: {
            id: { type: 'string', pattern: '^[a-z0-9-]+--[0-9a-f-]{36}$' },
            date_added: timestamp,
            version: timestamp,
            media_type: { type: 'string' },
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  },
  versions: {
    type: 'object',
    properties: { more: { type: 'boolean' }, versions: { type: 'array', items: timestamp } },
    additionalProperties: false,
  },
  error: {
    type: 'object',
    required: ['title'],
    properties: { title: { type: 'string' }, description: { type: 'string' }, http_status: { type: 'string' } },
  },
} as const;

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { assertReadableMsgFile, MSG_FILE_LIMITS } from './compound-file.ts';
import { outlookMessage, type OutlookSpec } from '../testing/outlook-files.ts';

const SECTOR = 512;
const fixture = (name: string) => readFile(new URL(`../testing/outlook/${name}`, import.meta.url));

/** The byte offset of the directory entry named `name` in a version 3 compound file. */
function entryOffset(file: Buffer, name: string): number {
  const at = file.indexOf(Buffer.from(name, 'utf16le'));
  expect(at).toBeGreaterThan(0);
  expect((at % SECTOR) % 128).toBe(0);
  return at;
}

/** A message nested `levels` deep, each level an attachment of the one above. */
function nested(levels: number): OutlookSpec {
  let spec: OutlookSpec = { subject: 'bottom', body: 'https://bottom.example.com/' };
  for (let level = 0; level < levels; level++) spec = { subject: `level ${level}`, attachments: [{ message: spec }] };
  return spec;
}

describe('assertReadableMsgFile', () => {
  it("accepts real Outlook files from msgreader's test suite", async () => {
    for (const name of ['Attach-sample-eml-received.msg', 'htmlLink.msg', 'attachmentFiles.msg', 'msgInMsg.msg']) {
      const file = await fixture(name);
      expect(() => assertReadableMsgFile(file)).not.toThrow();
    }
  });

  it('refuses a stream declared larger than the file before anything allocates it', () => {
    const file = outlookMessage({ subject: 'x', attachments: [{ filename: 'a.bin', content: new Uint8Array(100) }] });
    const entry = entryOffset(file, '__substg1.0_37010102');
    file.writeUInt32LE(0x7ffffff0, entry + 0x78);
    expect(() => assertReadableMsgFile(file)).toThrow(
      'This Outlook message (.msg) is damaged: the stream __substg1.0_37010102 is declared larger than the file.',
    );
  });

  it('refuses a sector chain that loops', () => {
    const file = outlookMessage({ subject: 'x', attachments: [{ filename: 'a.bin', content: new Uint8Array(5000) }] });
    const start = file.readInt32LE(entryOffset(file, '__substg1.0_37010102') + 0x74);
    const fat = (file.readInt32LE(0x4c) + 1) * SECTOR;
    file.writeInt32LE(start, fat + 4 * start);
    expect(() => assertReadableMsgFile(file)).toThrow(/damaged: the stream __substg1.0_37010102 reuses a sector/);
  });

  it('refuses a directory whose links loop back', () => {
    const file = outlookMessage({ subject: 'x', body: 'y' });
    file.writeInt32LE(0, entryOffset(file, '__substg1.0_0037001F') + 0x48);
    expect(() => assertReadableMsgFile(file)).toThrow('This Outlook message (.msg) is damaged: a directory entry is reached twice.');
  });

  it('refuses folders nested past the bound, and other compound files', () => {
    expect(() => assertReadableMsgFile(outlookMessage(nested(MSG_FILE_LIMITS.folderDepth / 2)))).not.toThrow();
    expect(() => assertReadableMsgFile(outlookMessage(nested(MSG_FILE_LIMITS.folderDepth / 2 + 1)))).toThrow(
      `This Outlook message (.msg) nests folders more than ${MSG_FILE_LIMITS.folderDepth} levels deep (nesting limit ${MSG_FILE_LIMITS.folderDepth}).`,
    );
    const word = outlookMessage({ subject: 'x' });
    word.write('__properties_versioX', entryOffset(word, '__properties_version1.0'), 'utf16le');
    expect(() => assertReadableMsgFile(word)).toThrow('This is an Office file, not an Outlook message (.msg).');
  });

  it('refuses more directory entries than the bound', () => {
    const attachments = Array.from({ length: MSG_FILE_LIMITS.entries / 3 }, (_, index) => ({
      filename: `f${index}.txt`,
      content: new Uint8Array(1),
    }));
    const started = performance.now();
    expect(() => assertReadableMsgFile(outlookMessage({ subject: 'x', attachments }))).toThrow(
      `This Outlook message (.msg) has more than ${MSG_FILE_LIMITS.entries} entries (entry limit ${MSG_FILE_LIMITS.entries}).`,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

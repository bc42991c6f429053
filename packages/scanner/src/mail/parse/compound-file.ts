/**
 * Checks the structure of an OLE compound file (CFB, MS-CFB) before the .msg parser reads it. The
 * parser trusts the file: a sector chain that loops never ends, a declared stream size is
 * allocated as written, a folder inside a folder is recursion. Here every chain is walked once
 * with each sector owned by at most one stream, so what the parser reads afterwards is bounded by
 * the file's own size; folders are bounded in depth and entries in number.
 */

/** The eight bytes every compound file starts with. */
export const CFB_MAGIC = Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);

/** Bounds of the compound file of an Outlook message (each message inside another adds two folder levels). */
export const MSG_FILE_LIMITS = {
  /** Directory entries (streams and folders) in the file. */
  entries: 20_000,
  /** Folders inside folders. */
  folderDepth: 24,
} as const;

/** The compound file cannot be read safely; the message says why in words for the sender. */
export class UnreadableCompoundFileError extends Error {}

export function isCompoundFile(raw: Uint8Array): boolean {
  return raw.byteLength >= CFB_MAGIC.length && CFB_MAGIC.every((byte, index) => raw[index] === byte);
}

const END_OF_CHAIN = -2;
const NO_ENTRY = -1;
const HEADER_DIFAT_ENTRIES = 109;
const ENTRY_SIZE = 128;
const MINI_SECTOR_SIZE = 64;
const MINI_STREAM_CUTOFF = 4096;
const STORAGE = 1;
const STREAM = 2;
const ROOT = 5;
/** Every Outlook message has this stream at its root; other compound files (Word, Excel) do not. */
const MSG_PROPERTIES = '__properties_version1.0';

function damaged(why: string): never {
  throw new UnreadableCompoundFileError(`This Outlook message (.msg) is damaged: ${why}.`);
}

type Entry = { name: string; type: number; left: number; right: number; child: number; start: number; size: number };

/**
 * Throws UnreadableCompoundFileError unless `raw` is a well-formed compound file holding an
 * Outlook message within `MSG_FILE_LIMITS`. Linear in the file's size.
 */
export function assertReadableMsgFile(raw: Uint8Array): void {
  if (!isCompoundFile(raw) || raw.byteLength < 512) damaged('it is not an OLE compound file');
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const int = (offset: number) => (offset + 4 <= raw.byteLength ? view.getInt32(offset, true) : damaged('it ends inside a table'));
  const sectorShift = view.getUint16(0x1e, true);
  if (sectorShift !== 9 && sectorShift !== 12) damaged(`its sector size 2^${sectorShift} is not 512 or 4096`);
  if (view.getUint16(0x20, true) !== 6 || view.getUint32(0x38, true) !== MINI_STREAM_CUTOFF)
    damaged('its mini-stream settings are not the standard ones');
  const sectorSize = 2 ** sectorShift;
  const sectorCount = Math.ceil((raw.byteLength - sectorSize) / sectorSize);
  const perSector = sectorSize / 4;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  // Which sectors a table or stream already uses: a sector used twice is a loop or an overlap.
  const used = new Uint8Array(Math.max(0, sectorCount));
  const claim = (sector: number, what: string) => {
    if (sector < 0 || sector >= sectorCount) damaged(`${what} points outside the file`);
    if (used[sector]) damaged(`${what} reuses a sector`);
    used[sector] = 1;
  };

  // The FAT's own sectors: up to 109 listed in the header, the rest in a chain of DIFAT sectors.
  const fatCount = view.getUint32(0x2c, true);
  if (fatCount > sectorCount) damaged('its allocation table is larger than the file');
  const fatSectors: number[] = [];
  for (let i = 0; i < Math.min(fatCount, HEADER_DIFAT_ENTRIES); i++) fatSectors.push(int(0x4c + 4 * i));
  let difat = int(0x44);
  for (let i = 0; i < view.getUint32(0x48, true) && fatSectors.length < fatCount; i++) {
    claim(difat, 'the DIFAT');
    const at = sectorOffset(difat);
    for (let j = 0; j < perSector - 1 && fatSectors.length < fatCount; j++) fatSectors.push(int(at + 4 * j));
    difat = int(at + 4 * (perSector - 1));
  }
  for (const sector of fatSectors) claim(sector, 'the allocation table');
  const next = (sector: number): number => {
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    return fatSector === undefined ? END_OF_CHAIN : int(sectorOffset(fatSector) + 4 * (sector % perSector));
  };
  /** Sectors of the chain starting at `start`, each claimed. */
  const chain = (start: number, what: string): number[] => {
    const sectors: number[] = [];
    for (let sector = start; sector !== END_OF_CHAIN; sector = next(sector)) {
      claim(sector, what);
      sectors.push(sector);
    }
    return sectors;
  };

  const directory = chain(int(0x30), 'the directory');
  const entryCount = (directory.length * sectorSize) / ENTRY_SIZE;
  if (entryCount > MSG_FILE_LIMITS.entries) {
    throw new UnreadableCompoundFileError(
      `This Outlook message (.msg) has more than ${MSG_FILE_LIMITS.entries} entries (entry limit ${MSG_FILE_LIMITS.entries}).`,
    );
  }
  const entry = (index: number): Entry => {
    if (index < 0 || index >= entryCount) damaged('a directory entry points outside the directory');
    const at = sectorOffset(directory[Math.floor((index * ENTRY_SIZE) / sectorSize)]!) + ((index * ENTRY_SIZE) % sectorSize);
    const nameLength = Math.min(64, view.getUint16(at + 0x40, true));
    const high = view.getUint32(at + 0x7c, true);
    return {
      name: Buffer.from(raw.subarray(at, at + Math.max(0, nameLength - 2))).toString('utf16le'),
      type: raw[at + 0x42]!,
      left: view.getInt32(at + 0x44, true),
      right: view.getInt32(at + 0x48, true),
      child: view.getInt32(at + 0x4c, true),
      start: view.getInt32(at + 0x74, true),
      // Version 3 files leave the high half undefined; no stream of a 10 MB upload needs it.
      size: sectorShift === 9 ? view.getUint32(at + 0x78, true) : view.getUint32(at + 0x78, true) + high * 2 ** 32,
    };
  };

  const root = entry(0);
  if (root.type !== ROOT) damaged('it has no root entry');
  if (root.size > raw.byteLength) damaged('its mini stream is declared larger than the file');
  // The parser walks the root's chain whatever its size says, so it is walked here too.
  const miniStreamSectors = chain(root.start, 'the mini stream');
  if (miniStreamSectors.length * sectorSize < root.size) damaged('its mini stream is shorter than declared');
  const miniFat = chain(view.getUint32(0x40, true) === 0 ? END_OF_CHAIN : int(0x3c), 'the mini allocation table');
  const miniCount = Math.floor(root.size / MINI_SECTOR_SIZE);
  const miniUsed = new Uint8Array(miniCount);
  const miniNext = (sector: number): number => {
    const holder = miniFat[Math.floor(sector / perSector)];
    return holder === undefined ? END_OF_CHAIN : int(sectorOffset(holder) + 4 * (sector % perSector));
  };

  const checkStream = (stream: Entry) => {
    if (stream.size > raw.byteLength) damaged(`the stream ${stream.name} is declared larger than the file`);
    if (stream.size === 0) return;
    let length = 0;
    if (stream.size >= MINI_STREAM_CUTOFF) length = chain(stream.start, `the stream ${stream.name}`).length * sectorSize;
    else {
      for (let sector = stream.start; sector !== END_OF_CHAIN; sector = miniNext(sector)) {
        if (sector < 0 || sector >= miniCount) damaged(`the stream ${stream.name} points outside the mini stream`);
        if (miniUsed[sector]) damaged(`the stream ${stream.name} reuses a mini sector`);
        miniUsed[sector] = 1;
        length += MINI_SECTOR_SIZE;
      }
    }
    if (length < stream.size) damaged(`the stream ${stream.name} is shorter than declared`);
  };

  // Each folder's children form a tree of left/right links; every entry is reached at most once.
  const reached = new Uint8Array(entryCount);
  reached[0] = 1;
  let hasProperties = false;
  const folders: { child: number; depth: number }[] = [{ child: root.child, depth: 0 }];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    const pending = folder.child === NO_ENTRY ? [] : [folder.child];
    while (pending.length > 0) {
      const index = pending.pop()!;
      if (reached[index]) damaged('a directory entry is reached twice');
      const child = entry(index);
      reached[index] = 1;
      if (child.left !== NO_ENTRY) pending.push(child.left);
      if (child.right !== NO_ENTRY) pending.push(child.right);
      if (child.type === STREAM) {
        checkStream(child);
        if (folder.depth === 0 && child.name === MSG_PROPERTIES) hasProperties = true;
      } else if (child.type === STORAGE) {
        if (folder.depth + 1 > MSG_FILE_LIMITS.folderDepth) {
          throw new UnreadableCompoundFileError(
            `This Outlook message (.msg) nests folders more than ${MSG_FILE_LIMITS.folderDepth} levels deep (nesting limit ${MSG_FILE_LIMITS.folderDepth}).`,
          );
        }
        folders.push({ child: child.child, depth: folder.depth + 1 });
      } else damaged('a directory entry has an unknown type');
    }
  }
  if (!hasProperties) throw new UnreadableCompoundFileError('This is an Office file, not an Outlook message (.msg).');
}

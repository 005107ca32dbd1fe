// MP3 (MPEG-1/2/2.5 Layer III) frame walking: the duration of audio a provider returned, whether it is MP3 at all,
// and joining the MP3 answers of several requests into one file.

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

interface FrameHeader {
  length: number;
  samples: number;
  sampleRate: number;
}

function frameAt(bytes: Uint8Array, at: number): FrameHeader | undefined {
  if (at + 4 > bytes.length) return undefined;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  if (version === 1 || layer !== 1) return undefined; // reserved version; only Layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0x03;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 0x01;
  const length = Math.floor(((mpeg1 ? 144_000 : 72_000) * bitrate) / sampleRate) + padding;
  return { length, samples: mpeg1 ? 1152 : 576, sampleRate };
}

/** Bytes of a leading ID3v2 tag (0 when there is none). */
function id3Length(bytes: Uint8Array, at = 0): number {
  if (bytes.length < at + 10 || bytes[at] !== 0x49 || bytes[at + 1] !== 0x44 || bytes[at + 2] !== 0x33) return 0;
  const size = ((bytes[at + 6]! & 0x7f) << 21) | ((bytes[at + 7]! & 0x7f) << 14) | ((bytes[at + 8]! & 0x7f) << 7) | (bytes[at + 9]! & 0x7f);
  const footer = (bytes[at + 5]! & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** An ID3v1 ("TAG") or ID3v2 tag starts here. */
function isTagAt(bytes: Uint8Array, at: number): boolean {
  return (bytes[at] === 0x54 && bytes[at + 1] === 0x41 && bytes[at + 2] === 0x47) || id3Length(bytes, at) > 0;
}

/** A Xing/Info frame carries metadata only; players do not count it as audio. */
function isInfoFrame(bytes: Uint8Array, at: number, frame: FrameHeader): boolean {
  const mpeg1 = frame.samples === 1152;
  const mono = ((bytes[at + 3]! >> 6) & 0x03) === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const offset = at + 4 + sideInfo;
  const tag = String.fromCharCode(...bytes.subarray(offset, offset + 4));
  return tag === "Xing" || tag === "Info";
}

export interface Mp3Info {
  durationMs: number;
  frames: number;
  sampleRate: number;
}

/**
 * Walks the frames of an MP3 file. A frame counts only where the next frame (or the end of the data) follows it, so
 * stray sync bytes in other data are not taken for audio. Undefined when there is no MP3 audio in the bytes.
 */
export function mp3Info(bytes: Uint8Array): Mp3Info | undefined {
  let at = id3Length(bytes);
  let frames = 0;
  let seconds = 0;
  let sampleRate = 0;
  while (at + 4 <= bytes.length) {
    const frame = frameAt(bytes, at);
    const next = frame ? at + frame.length : 0;
    const chained =
      frame && next <= bytes.length && (next + 4 > bytes.length || frameAt(bytes, next) || isTagAt(bytes, next));
    if (!frame || !chained) {
      // An ID3v1 tag ("TAG") or a later ID3v2 tag ends or interrupts the audio.
      const tag = id3Length(bytes, at);
      if (tag > 0) {
        at += tag;
        continue;
      }
      if (frames > 0 && isTagAt(bytes, at)) break;
      at += 1;
      continue;
    }
    if (!(frames === 0 && isInfoFrame(bytes, at, frame))) {
      frames += 1;
      seconds += frame.samples / frame.sampleRate;
      sampleRate = frame.sampleRate;
    }
    at = next;
  }
  if (frames === 0) return undefined;
  return { durationMs: Math.round(seconds * 1000), frames, sampleRate };
}

/** Joins MP3 answers of consecutive requests: ID3 tags of all but the first part are dropped. */
export function concatMp3(parts: readonly Uint8Array[]): Uint8Array {
  const trimmed = parts.map((part, index) => (index === 0 ? part : part.subarray(id3Length(part))));
  const total = trimmed.reduce((sum, part) => sum + part.length, 0);
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const part of trimmed) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

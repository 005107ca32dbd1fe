// Types for the parts of eSpeak NG's Emscripten build (@echogarden/espeak-ng-emscripten) that lib/speech uses;
// the package ships none.
declare module "@echogarden/espeak-ng-emscripten" {
  export interface EspeakVoice {
    name: string;
    /** e.g. "gmw/en-US" */
    identifier: string;
    languages: { priority: number; name: string }[];
  }

  export interface EspeakEvent {
    type: string;
    text_position: number;
    audio_position: number;
  }

  export interface EspeakWorker {
    /** 0 on success; non-zero when there is no such voice. */
    set_voice(name: string): number;
    /** Words per minute, 80 to 450. */
    set_rate(wordsPerMinute: number): number;
    get_samplerate(): number;
    list_voices(): EspeakVoice[];
    /** Calls back with 16-bit mono samples as they are made; returning true stops the synthesis. */
    synthesize(text: string, callback: (samples: Int16Array, events: EspeakEvent[]) => boolean): void;
  }

  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakWorker;
  }

  export default function initialize(moduleArguments?: { print?: (text: string) => void; printErr?: (text: string) => void }): Promise<EspeakModule>;
}

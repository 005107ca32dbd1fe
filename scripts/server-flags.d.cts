// Types of server-flags.cjs.
export declare function serverNodeFlags(): string[];

// Types of server-flags.cjs.
export declare function serverNodeFlags(): string[];
export declare function serverEnvironment(): Record<string, string>;

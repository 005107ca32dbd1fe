export * from "./tenants";
export * from "./accounts";
export * from "./content";
export * from "./presentations";
export * from "./platform";
export * from "./analytics";
export * from "./relations";

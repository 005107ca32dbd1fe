// The package ships no types: its table of irregular English verb forms, each to its base form ("chose": "choose").
declare module "wink-lexicon/src/irregular-verbs.js" {
  const irregularVerbs: Record<string, string>;
  export default irregularVerbs;
}

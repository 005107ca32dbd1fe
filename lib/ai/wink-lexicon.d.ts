// The package ships no types. Its tables: irregular English verb forms, each to its base form ("chose": "choose"), and
// WordNet's exception lists of inflected forms to their base forms, by part of speech ("geese": "goose"), and the
// lexicon of words with their Penn Treebank tags ("greatest": ["JJS"]).
declare module "wink-lexicon/src/irregular-verbs.js" {
  const irregularVerbs: Record<string, string>;
  export default irregularVerbs;
}
declare module "wink-lexicon/src/wn-noun-exceptions.js" {
  const exceptions: Record<string, string>;
  export default exceptions;
}
declare module "wink-lexicon/src/wn-verb-exceptions.js" {
  const exceptions: Record<string, string>;
  export default exceptions;
}
declare module "wink-lexicon/src/wn-adjective-exceptions.js" {
  const exceptions: Record<string, string>;
  export default exceptions;
}
declare module "wink-lexicon/src/lexicon.js" {
  const lexicon: Record<string, string[]>;
  export default lexicon;
}

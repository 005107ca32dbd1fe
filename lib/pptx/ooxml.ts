// A small reader of OOXML parts: one pass over a part's text that reports elements (by local name: prefixes vary
// between writers) and text as they come, so a reader keeps only what it needs and never a tree of the whole part;
// relationship parts resolved to archive paths. A part is refused as malformed (MalformedXml) for a DOCTYPE (OPC
// forbids DTDs, and entity expansion is how a few bytes become gigabytes), for elements nested deeper than a real
// slide ever is (MAX_XML_DEPTH), and for markup that is not well formed. Nothing here recurses, so no input can
// exhaust the stack.
import path from "node:path";

/** Deepest element nesting a part may have. A slide's deepest text is about ten levels down, plus its groups. */
export const MAX_XML_DEPTH = 200;

/** The part is not well-formed XML of the kind OOXML allows (or nests deeper than MAX_XML_DEPTH). */
export class MalformedXml extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "MalformedXml";
  }
}

export interface XmlHandler {
  /**
   * An element opens: its local name, its attributes by qualified name as written (e.g. "r:id", "type"), and its
   * depth (the root is 0). Return "stop" to end the scan here (the reader has what it wanted).
   */
  open(name: string, attrs: Record<string, string>, depth: number): void | "stop";
  /** The element at `depth` closes. */
  close(name: string, depth: number): void;
  /** Character data (entities decoded, CDATA as written) inside the innermost open element. */
  text(text: string): void;
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(":");
  return colon === -1 ? qualified : qualified.slice(colon + 1);
}

const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function codePoint(value: number): string {
  const valid = value > 0 && value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff);
  return valid ? String.fromCodePoint(value) : "\uFFFD";
}

/** The five XML entities and numeric character references decoded; anything else stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (_match, hex: string | undefined, decimal: string | undefined, named: string | undefined) => {
    if (hex !== undefined) return codePoint(parseInt(hex, 16));
    if (decimal !== undefined) return codePoint(parseInt(decimal, 10));
    return NAMED[named!]!;
  });
}

const NAME = /[^\s/>]+/y;
const ATTRIBUTE = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const SPACE = /\s*/y;

/**
 * Reads `xml` from start to end (or until the handler says stop, or the root element closes), reporting elements
 * and text to `handler`. Throws MalformedXml for a DOCTYPE, nesting deeper than `maxDepth`, or broken markup.
 */
export function scanXml(xml: string, handler: XmlHandler, maxDepth = MAX_XML_DEPTH): void {
  const open: string[] = [];
  let at = 0;
  const end = xml.length;
  const closeOf = (marker: string, from: number, what: string): number => {
    const index = xml.indexOf(marker, from);
    if (index === -1) throw new MalformedXml(`unterminated ${what}`);
    return index;
  };
  while (at < end) {
    const lt = xml.indexOf("<", at);
    if (lt === -1) break;
    if (lt > at && open.length > 0) handler.text(decodeEntities(xml.slice(at, lt)));
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x3f /* ? */) {
      at = closeOf("?>", lt + 2, "processing instruction") + 2;
    } else if (next === 0x21 /* ! */) {
      if (xml.startsWith("<!--", lt)) {
        at = closeOf("-->", lt + 4, "comment") + 3;
      } else if (xml.startsWith("<![CDATA[", lt)) {
        const close = closeOf("]]>", lt + 9, "CDATA section");
        if (open.length > 0) handler.text(xml.slice(lt + 9, close));
        at = close + 3;
      } else if (xml.startsWith("<!DOCTYPE", lt)) {
        throw new MalformedXml("a DOCTYPE declaration (OOXML parts may not have one)");
      } else {
        throw new MalformedXml(`unexpected markup at ${lt}`);
      }
    } else if (next === 0x2f /* / */) {
      const close = closeOf(">", lt + 2, "end tag");
      const name = xml.slice(lt + 2, close).trim();
      const expected = open.pop();
      if (expected !== name) throw new MalformedXml(`end tag </${name}> where </${expected ?? ""}> was expected`);
      handler.close(localName(name), open.length);
      at = close + 1;
      if (open.length === 0) return;
    } else {
      NAME.lastIndex = lt + 1;
      const nameMatch = NAME.exec(xml);
      if (!nameMatch) throw new MalformedXml(`a tag without a name at ${lt}`);
      const qualified = nameMatch[0];
      const attrs: Record<string, string> = {};
      let position = NAME.lastIndex;
      for (;;) {
        SPACE.lastIndex = position;
        SPACE.exec(xml);
        position = SPACE.lastIndex;
        const char = xml.charCodeAt(position);
        if (char === 0x3e /* > */ || char === 0x2f /* / */) break;
        ATTRIBUTE.lastIndex = position;
        const attribute = ATTRIBUTE.exec(xml);
        if (!attribute) throw new MalformedXml(`a broken attribute in <${qualified}>`);
        attrs[attribute[1]!] = decodeEntities(attribute[2] ?? attribute[3] ?? "");
        position = ATTRIBUTE.lastIndex;
      }
      const selfClosing = xml.charCodeAt(position) === 0x2f;
      if (selfClosing && xml.charCodeAt(position + 1) !== 0x3e) throw new MalformedXml(`a broken tag <${qualified}>`);
      at = position + (selfClosing ? 2 : 1);
      const depth = open.length;
      if (depth >= maxDepth) throw new MalformedXml(`elements nested deeper than ${maxDepth} levels`);
      const name = localName(qualified);
      if (handler.open(name, attrs, depth) === "stop") return;
      if (selfClosing) {
        handler.close(name, depth);
        if (depth === 0) return;
      } else {
        open.push(qualified);
      }
    }
  }
  if (open.length > 0) throw new MalformedXml(`the part ends inside <${open[open.length - 1]!}>`);
}

export interface XmlElement {
  /** Local name, without the namespace prefix. */
  name: string;
  /** Attributes by their qualified name as written (e.g. "r:id", "type"). */
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/**
 * The root element of a small XML part as a tree (for parts known to be small, such as relationships), or null
 * when the text holds no element. Throws MalformedXml as scanXml does.
 */
export function parseXml(xml: string): XmlElement | null {
  let root: XmlElement | null = null;
  const stack: XmlElement[] = [];
  scanXml(xml, {
    open(name, attrs) {
      const element: XmlElement = { name, attrs, children: [] };
      if (stack.length === 0) root = element;
      else stack[stack.length - 1]!.children.push(element);
      stack.push(element);
    },
    close() {
      stack.pop();
    },
    text(text) {
      stack[stack.length - 1]?.children.push(text);
    },
  });
  return root;
}

export function elements(parent: XmlElement, name?: string): XmlElement[] {
  return parent.children.filter(
    (node): node is XmlElement => typeof node !== "string" && (name === undefined || node.name === name),
  );
}

export function firstElement(parent: XmlElement, name: string): XmlElement | undefined {
  return elements(parent, name)[0];
}

/** An unprefixed attribute (so `id` is never confused with `r:id`). */
export function attribute(element: XmlElement, name: string): string | undefined {
  return element.attrs[name];
}

/** The relationship id an element points with (`r:id` under whatever prefix the writer bound). */
export function relationshipIdOf(attrs: Record<string, string>): string | undefined {
  for (const [key, value] of Object.entries(attrs)) {
    if (key.includes(":") && localName(key) === "id") return value;
  }
  return undefined;
}

export interface Relationship {
  /** Last segment of the relationship type URI, e.g. "slide", "notesSlide", "officeDocument". */
  kind: string;
  /** Archive path of the target part, or null for an external target or one outside the archive. */
  target: string | null;
}

/** The `_rels` part that belongs to a part, e.g. ppt/slides/slide1.xml -> ppt/slides/_rels/slide1.xml.rels. */
export function relationshipsPartOf(partPath: string): string {
  const directory = path.posix.dirname(partPath);
  return path.posix.join(directory === "." ? "" : directory, "_rels", `${path.posix.basename(partPath)}.rels`);
}

/** Relationships by id from a `.rels` part's text; `sourcePart` is the part they belong to ("" for the package). */
export function parseRelationships(xml: string, sourcePart: string): Map<string, Relationship> {
  const relationships = new Map<string, Relationship>();
  const base = sourcePart === "" ? "" : path.posix.dirname(sourcePart);
  let isRelationships = false;
  scanXml(xml, {
    open(name, attrs, depth) {
      if (depth === 0) {
        isRelationships = name === "Relationships";
        return isRelationships ? undefined : "stop";
      }
      if (depth !== 1 || name !== "Relationship") return;
      const id = attrs.Id;
      const type = attrs.Type ?? "";
      const rawTarget = attrs.Target;
      if (!id || rawTarget === undefined) return;
      let target: string | null = null;
      if (attrs.TargetMode !== "External") {
        const decoded = safeDecode(rawTarget);
        const joined = decoded.startsWith("/") ? decoded.slice(1) : path.posix.join(base, decoded);
        const normalised = path.posix.normalize(joined);
        target = normalised.startsWith("../") || normalised === ".." ? null : normalised;
      }
      relationships.set(id, { kind: type.slice(type.lastIndexOf("/") + 1), target });
    },
    close() {},
    text() {},
  });
  return relationships;
}

function safeDecode(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

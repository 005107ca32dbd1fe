// A small, order-keeping view of OOXML parts: elements by local name (prefixes vary between writers), relationship
// parts resolved to archive paths, and DrawingML text read paragraph by paragraph.
import path from "node:path";
import { XMLParser } from "fast-xml-parser";

export interface XmlElement {
  /** Local name, without the namespace prefix. */
  name: string;
  /** Attributes by their qualified name as written (e.g. "r:id", "type"). */
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

// preserveOrder keeps document order across different element names (a text run, a line break, the next run);
// entity expansion stays within fast-xml-parser's own bounds on count and size.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  // Decodes numeric character references (&#x2022;) as well as the five XML entities.
  htmlEntities: true,
});

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

function localName(qualified: string): string {
  const colon = qualified.indexOf(":");
  return colon === -1 ? qualified : qualified.slice(colon + 1);
}

function convert(nodes: OrderedNode[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const node of nodes) {
    for (const key of Object.keys(node)) {
      if (key === ":@") continue;
      const value = node[key];
      if (key === "#text") {
        out.push(String(value));
      } else if (!key.startsWith("?") && !key.startsWith("!")) {
        out.push({ name: localName(key), attrs: node[":@"] ?? {}, children: convert((value as OrderedNode[]) ?? []) });
      }
    }
  }
  return out;
}

/** The root element of an XML part, or null when the text holds no element. */
export function parseXml(xml: string): XmlElement | null {
  const nodes = convert(parser.parse(xml) as OrderedNode[]);
  return nodes.find((node): node is XmlElement => typeof node !== "string") ?? null;
}

export function elements(parent: XmlElement, name?: string): XmlElement[] {
  return parent.children.filter(
    (node): node is XmlElement => typeof node !== "string" && (name === undefined || node.name === name),
  );
}

export function firstElement(parent: XmlElement, name: string): XmlElement | undefined {
  return elements(parent, name)[0];
}

/** Every element named `name` below `parent`, in document order. */
export function descendants(parent: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    for (const child of elements(element)) {
      if (child.name === name) found.push(child);
      walk(child);
    }
  };
  walk(parent);
  return found;
}

/** An unprefixed attribute (so `id` is never confused with `r:id`). */
export function attribute(element: XmlElement, name: string): string | undefined {
  return element.attrs[name];
}

/** The relationship id an element points with (`r:id` under whatever prefix the writer bound). */
export function relationshipId(element: XmlElement): string | undefined {
  for (const [key, value] of Object.entries(element.attrs)) {
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
  const root = parseXml(xml);
  const relationships = new Map<string, Relationship>();
  if (!root || root.name !== "Relationships") return relationships;
  const base = sourcePart === "" ? "" : path.posix.dirname(sourcePart);
  for (const element of elements(root, "Relationship")) {
    const id = attribute(element, "Id");
    const type = attribute(element, "Type") ?? "";
    const rawTarget = attribute(element, "Target");
    if (!id || rawTarget === undefined) continue;
    let target: string | null = null;
    if (attribute(element, "TargetMode") !== "External") {
      const decoded = safeDecode(rawTarget);
      const joined = decoded.startsWith("/") ? decoded.slice(1) : path.posix.join(base, decoded);
      const normalised = path.posix.normalize(joined);
      target = normalised.startsWith("../") || normalised === ".." ? null : normalised;
    }
    relationships.set(id, { kind: type.slice(type.lastIndexOf("/") + 1), target });
  }
  return relationships;
}

function safeDecode(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/**
 * The text of one DrawingML paragraph (`a:p`): runs and fields in order, a line break (`a:br`) as "\n".
 * Carriage returns some writers leave inside runs become plain newlines.
 */
export function paragraphText(paragraph: XmlElement): string {
  let text = "";
  for (const child of elements(paragraph)) {
    if (child.name === "br") text += "\n";
    else if (child.name === "r" || child.name === "fld") {
      for (const t of elements(child, "t")) text += t.children.filter((node) => typeof node === "string").join("");
    }
  }
  return text.replace(/\r\n?/g, "\n");
}

/** The paragraphs (`a:p`) of a text body (`p:txBody` or `a:txBody`), in order. */
export function paragraphs(textBody: XmlElement): XmlElement[] {
  return elements(textBody, "p");
}

// JSON Schema in words for the API reference page: a type label, its limits, and an object's fields.
import type { JsonSchema } from "@/lib/http/openapi";

const UNBOUNDED = Number.MAX_SAFE_INTEGER;

export function refName(schema: JsonSchema): string | undefined {
  return typeof schema.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : undefined;
}

/** "string (uuid)", "ProjectOut[]", "'pptx' | 'pdf'", "any". */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  const ref = refName(schema);
  if (ref) return ref;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeLabel).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (typeof schema.contentMediaType === "string") return "file";
  const type = schema.type;
  if (Array.isArray(type)) return type.map((each) => typeLabel({ ...schema, type: each })).join(" | ");
  if (type === "array") return `${typeLabel(schema.items as JsonSchema | undefined)}[]`;
  if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
  if (typeof type === "string") return type;
  return "any";
}

/** The limits a client must keep to: lengths, ranges, item counts, and the default. */
export function limitsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const limits: string[] = [];
  const number = (key: string) => (typeof schema[key] === "number" && schema[key] !== UNBOUNDED ? (schema[key] as number) : undefined);
  const range = (low: number | undefined, high: number | undefined, unit: string) => {
    if (low !== undefined && high !== undefined) limits.push(low === high ? `exactly ${low}${unit}` : `${low}–${high}${unit}`);
    else if (low !== undefined) limits.push(`≥ ${low}${unit}`);
    else if (high !== undefined) limits.push(`≤ ${high}${unit}`);
  };
  range(number("minLength"), number("maxLength"), " chars");
  range(number("minimum"), number("maximum"), "");
  range(number("minItems"), number("maxItems"), " items");
  if (schema.default !== undefined) limits.push(`default ${JSON.stringify(schema.default)}`);
  if (Array.isArray(schema.anyOf)) for (const part of schema.anyOf as JsonSchema[]) limits.push(...limitsOf(part));
  return [...new Set(limits)];
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  limits: string[];
  description?: string;
}

/** The fields of an object schema (a referenced schema is looked up), one row each. */
export function fieldsOf(schema: JsonSchema | undefined, schemas: Record<string, JsonSchema>): FieldRow[] {
  if (!schema) return [];
  const ref = refName(schema);
  const target = ref ? schemas[ref] : schema;
  const properties = (target?.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((target?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: typeLabel(property),
    required: required.has(name),
    limits: limitsOf(property),
    description: typeof property.description === "string" ? property.description : undefined,
  }));
}

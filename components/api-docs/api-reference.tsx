// The API reference for people: the OpenAPI document grouped by tag, each operation with its method, path, who may
// call it, parameters, body fields with types and limits, and responses; then the shapes the responses name.
// Server-rendered from the same document /api/v1/openapi.json serves; <details> opens an operation without script.
import { ChevronDown, FileJson, Lock, Globe, KeyRound } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { PageHeader } from "@/components/admin/page-header";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiParameter, OpenApiResponse } from "@/lib/http/openapi";
import { fieldsOf, limitsOf, typeLabel, type FieldRow } from "./schema-text";

const METHOD_VARIANT: Record<string, BadgeVariant> = { GET: "success", POST: "default", PUT: "warning", PATCH: "warning", DELETE: "destructive" };

interface Entry {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

function byTag(document: OpenApiDocument): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags[0] ?? "api";
      groups.set(tag, [...(groups.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

const anchorOf = (method: string, path: string) => `${method}-${path}`.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/-+$/, "");

/** A type label whose schema names link to their shape further down. */
function TypeText({ label, schemas }: { label: string; schemas: Record<string, JsonSchema> }) {
  const parts = label.split(/([A-Z][A-Za-z0-9]+)/);
  return (
    <code className="font-mono text-xs text-slate-700">
      {parts.map((part, index) =>
        schemas[part] ? (
          <a key={index} href={`#schema-${part}`} className="text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-600">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </code>
  );
}

function Limits({ limits }: { limits: string[] }) {
  if (limits.length === 0) return <span className="text-slate-400">—</span>;
  return <span className="text-xs text-slate-600">{limits.join(", ")}</span>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      {children}
    </section>
  );
}

function FieldTable({ rows, schemas, first = "Field" }: { rows: (FieldRow & { where?: string })[]; schemas: Record<string, JsonSchema>; first?: string }) {
  return (
    <Table containerClassName="rounded-lg border border-slate-200">
      <TableHeader>
        <TableRow>
          <TableHead>{first}</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Limits</TableHead>
          <TableHead>Notes</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={`${row.where ?? ""}${row.name}`}>
            <TableCell className="whitespace-nowrap font-mono text-xs text-slate-900">
              {row.name}
              {row.required ? <span className="ml-1 text-red-600" title="required">*</span> : null}
              {row.where ? <span className="ml-2 font-sans text-slate-400">{row.where}</span> : null}
            </TableCell>
            <TableCell>
              <TypeText label={row.type} schemas={schemas} />
            </TableCell>
            <TableCell>
              <Limits limits={row.limits} />
            </TableCell>
            <TableCell className="text-xs text-slate-600">{row.description ?? ""}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function parameterRows(parameters: OpenApiParameter[]): (FieldRow & { where: string })[] {
  return parameters.map((parameter) => ({
    name: parameter.name,
    where: parameter.in,
    type: typeLabel(parameter.schema),
    required: parameter.required,
    limits: limitsOf(parameter.schema),
    description: parameter.description,
  }));
}

function AccessBadges({ operation }: { operation: OpenApiOperation }) {
  const auth = operation["x-auth"];
  const permissions = operation["x-permissions"] ?? [];
  return (
    <div className="flex flex-wrap items-center gap-2">
      {auth === "public" ? (
        <Badge variant="outline" className="gap-1">
          <Globe className="h-3 w-3" aria-hidden /> Public
        </Badge>
      ) : auth === "optional" ? (
        <Badge variant="outline" className="gap-1">
          <KeyRound className="h-3 w-3" aria-hidden /> Signed in or share link
        </Badge>
      ) : (
        <Badge variant="secondary" className="gap-1">
          <Lock className="h-3 w-3" aria-hidden /> Signed in
        </Badge>
      )}
      {permissions.length > 1 ? <span className="text-xs text-slate-500">{operation["x-permissions-required"] === "all" ? "all of" : "one of"}</span> : null}
      {permissions.map((permission) => (
        <code key={permission} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
          {permission}
        </code>
      ))}
    </div>
  );
}

function bodyLabel(response: OpenApiResponse): { type: string; label: string }[] {
  return Object.entries(response.content ?? {}).map(([type, media]) => ({ type, label: typeLabel(media.schema) }));
}

function Responses({ responses, schemas }: { responses: Record<string, OpenApiResponse>; schemas: Record<string, JsonSchema> }) {
  return (
    <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
      {Object.entries(responses).map(([status, response]) => {
        const variant: BadgeVariant = status.startsWith("2") ? "success" : status.startsWith("3") ? "outline" : status === "default" ? "outline" : "destructive";
        return (
          <li key={status} className="flex flex-col gap-1 px-4 py-2.5 sm:flex-row sm:items-start sm:gap-4">
            <Badge variant={variant} className="w-16 shrink-0 justify-center font-mono">
              {status}
            </Badge>
            <div className="min-w-0 flex-1 text-sm text-slate-700">
              <p className="break-words">{response.description}</p>
              {bodyLabel(response).map(({ type, label }) => (
                <p key={type} className="mt-0.5 text-xs text-slate-500">
                  <span className="font-mono">{type}</span>
                  {label !== "any" ? (
                    <>
                      {" "}
                      → <TypeText label={label} schemas={schemas} />
                    </>
                  ) : null}
                </p>
              ))}
              {response.headers && Object.keys(response.headers).some((name) => name !== "X-Request-Id") ? (
                <p className="mt-0.5 text-xs text-slate-500">
                  Headers:{" "}
                  {Object.keys(response.headers)
                    .filter((name) => name !== "X-Request-Id")
                    .join(", ")}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function OperationCard({ entry, schemas }: { entry: Entry; schemas: Record<string, JsonSchema> }) {
  const { method, path, operation } = entry;
  const body = operation.requestBody;
  const [bodyType, bodyMedia] = Object.entries(body?.content ?? {})[0] ?? [];
  const bodyRows = bodyMedia ? fieldsOf(bodyMedia.schema, schemas) : [];
  return (
    <details id={anchorOf(method, path)} className="group rounded-lg border border-slate-200 bg-white open:shadow-sm">
      <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 hover:bg-slate-50/80 [&::-webkit-details-marker]:hidden">
        <Badge variant={METHOD_VARIANT[method] ?? "outline"} className="w-16 shrink-0 justify-center font-mono">
          {method}
        </Badge>
        <code className="min-w-0 flex-1 truncate font-mono text-sm text-slate-900">{path}</code>
        <span className="hidden truncate text-sm text-slate-500 md:block md:max-w-[40%]">{operation.summary}</span>
        <ChevronDown className="h-4 w-4 shrink-0 text-slate-400 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="flex flex-col gap-5 border-t border-slate-100 px-4 py-4">
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-slate-900 md:hidden">{operation.summary}</p>
          <AccessBadges operation={operation} />
          {operation.description
            ? operation.description.split("\n\n").map((paragraph) => (
                <p key={paragraph} className="text-sm text-slate-600">
                  {paragraph}
                </p>
              ))
            : null}
        </div>
        {operation.parameters?.length ? (
          <Section title="Parameters">
            <FieldTable rows={parameterRows(operation.parameters)} schemas={schemas} first="Name" />
          </Section>
        ) : null}
        {body && bodyType ? (
          <Section title={`Request body · ${bodyType}`}>
            {body.description ? <p className="text-xs text-slate-500">{body.description}</p> : null}
            {bodyRows.length > 0 ? (
              <FieldTable rows={bodyRows} schemas={schemas} />
            ) : (
              <p className="text-sm text-slate-600">
                <TypeText label={typeLabel(bodyMedia?.schema)} schemas={schemas} />
              </p>
            )}
          </Section>
        ) : null}
        <Section title="Responses">
          <Responses responses={operation.responses} schemas={schemas} />
        </Section>
        <p className="font-mono text-xs text-slate-400">operationId: {operation.operationId}</p>
      </div>
    </details>
  );
}

function SchemaCard({ name, schema, schemas }: { name: string; schema: JsonSchema; schemas: Record<string, JsonSchema> }) {
  const rows = fieldsOf(schema, schemas);
  return (
    <Card id={`schema-${name}`} className="scroll-mt-24">
      <CardHeader className="pb-3">
        <CardTitle className="font-mono text-base">{name}</CardTitle>
        {typeof schema.description === "string" ? <CardDescription>{schema.description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {rows.length > 0 ? (
          <FieldTable rows={rows} schemas={schemas} />
        ) : (
          <TypeText label={typeLabel(schema)} schemas={schemas} />
        )}
      </CardContent>
    </Card>
  );
}

export function ApiReference({ document }: { document: OpenApiDocument }) {
  const groups = byTag(document);
  const schemas = ((document.components as { schemas?: Record<string, JsonSchema> } | undefined)?.schemas ?? {}) as Record<string, JsonSchema>;
  const info = document.info as { title: string; version: string; description?: string };
  const operationCount = [...groups.values()].reduce((total, entries) => total + entries.length, 0);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title="API Reference"
        description={`${info.title} ${info.version}: ${operationCount} operations. Generated from the server's own route definitions.`}
        actions={
          <a
            href="/api/v1/openapi.json"
            className="inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
          >
            <FileJson className="h-4 w-4" aria-hidden /> openapi.json
          </a>
        }
      />
      <Card>
        <CardContent className="flex flex-col gap-3 p-5 text-sm text-slate-600">
          {info.description ? <p>{info.description}</p> : null}
          <p>
            Sign in with <code className="font-mono text-xs">POST /api/v1/auth/login</code> and send the <code className="font-mono text-xs">access_token</code> as{" "}
            <code className="font-mono text-xs">Authorization: Bearer …</code>; the browser&apos;s session cookie works too, for requests from the app&apos;s own pages.
          </p>
          <nav aria-label="API sections" className="flex flex-wrap gap-2 pt-1">
            {[...groups.entries()].map(([tag, entries]) => (
              <a key={tag} href={`#tag-${tag}`} className="rounded-full border border-slate-200 px-3 py-1 text-xs font-medium text-slate-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-700">
                {tag} <span className="text-slate-400">{entries.length}</span>
              </a>
            ))}
            <a href="#schemas" className="rounded-full border border-slate-200 px-3 py-1 text-xs font-medium text-slate-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-700">
              schemas <span className="text-slate-400">{Object.keys(schemas).length}</span>
            </a>
          </nav>
        </CardContent>
      </Card>
      {[...groups.entries()].map(([tag, entries]) => (
        <section key={tag} id={`tag-${tag}`} aria-labelledby={`tag-${tag}-title`} className="flex scroll-mt-24 flex-col gap-2">
          <h2 id={`tag-${tag}-title`} className="text-lg font-semibold capitalize tracking-tight text-slate-900">
            {tag}
          </h2>
          {entries.map((entry) => (
            <OperationCard key={`${entry.method} ${entry.path}`} entry={entry} schemas={schemas} />
          ))}
        </section>
      ))}
      <section id="schemas" aria-labelledby="schemas-title" className="flex scroll-mt-24 flex-col gap-3">
        <h2 id="schemas-title" className="text-lg font-semibold tracking-tight text-slate-900">
          Schemas
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          {Object.entries(schemas).map(([name, schema]) => (
            <SchemaCard key={name} name={name} schema={schema} schemas={schemas} />
          ))}
        </div>
      </section>
    </div>
  );
}

// Writes the catalogue the OpenAPI document is built from (app/api/v1/openapi.json/catalogue.ts): one import of every
// route module under app/api/v1 (the catch-all 404 aside), the comment above each exported method, and what each
// method answers on success, read from the TypeScript types its handler returns (JSON bodies as JSON Schema,
// 201/202/204 statuses, paged lists, streamed files). Inputs are not copied here: the document converts the zod
// schemas the handlers carry at run time.
//
//   node scripts/openapi-catalogue.mjs          rewrite the catalogue
//   node scripts/openapi-catalogue.mjs --check  exit 1 when the catalogue on disk is not what the routes give
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const API_DIR = "app/api/v1";
const OUTPUT = "app/api/v1/openapi.json/catalogue.ts";
const HTTP_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
/** How deep an anonymous object is spelled out before it becomes "any JSON". */
const MAX_DEPTH = 12;

export function routeFiles() {
  return readdirSync(path.join(ROOT, API_DIR), { recursive: true })
    .map((entry) => String(entry).split(path.sep).join("/"))
    .filter((entry) => entry.endsWith("route.ts") && path.posix.basename(entry) === "route.ts")
    .filter((entry) => !entry.split("/").some((segment) => segment.startsWith("[...")))
    .map((entry) => `${API_DIR}/${entry}`)
    .sort();
}

function createProgram(files) {
  const configPath = path.join(ROOT, "tsconfig.json");
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  return ts.createProgram(
    files.map((file) => path.join(ROOT, file)),
    { ...config.options, incremental: false, noEmit: true },
  );
}

// ---- comments ----

function commentAbove(sourceFile, node) {
  const text = sourceFile.getFullText();
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  const lines = [];
  for (const range of ranges) {
    const raw = text.slice(range.pos, range.end);
    if (raw.startsWith("//")) lines.push(raw.replace(/^\/\/\s?/, ""));
    else lines.push(...raw.replace(/^\/\*\*?/, "").replace(/\*\/$/, "").split("\n").map((line) => line.replace(/^\s*\*\s?/, "")));
  }
  return lines.map((line) => line.trim()).filter(Boolean).join(" ");
}

// ---- types to JSON Schema ----

class SchemaWriter {
  constructor(checker) {
    this.checker = checker;
    /** name -> JSON Schema of the named types met, for components.schemas. */
    this.schemas = new Map();
    this.nameOfType = new Map();
  }

  nameFor(type) {
    if (type.aliasSymbol && !type.aliasTypeArguments?.length) return this.projectName(type.aliasSymbol);
    const symbol = type.getSymbol();
    if (symbol && (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class)) && !type.typeArguments?.length) return this.projectName(symbol);
    return undefined;
  }

  /** Only the project's own types become named schemas; a library's are spelled out. */
  projectName(symbol) {
    const declaration = symbol.declarations?.[0];
    if (!declaration) return undefined;
    const file = declaration.getSourceFile().fileName;
    if (file.includes("/node_modules/") || !file.startsWith(ROOT)) return undefined;
    return symbol.getName();
  }

  ref(type, depth) {
    const name = this.nameFor(type);
    if (!name) return this.inline(type, depth);
    let taken = this.nameOfType.get(type);
    if (!taken) {
      taken = name;
      for (let n = 2; [...this.nameOfType.values()].includes(taken); n += 1) taken = `${name}${n}`;
      this.nameOfType.set(type, taken);
      this.schemas.set(taken, {});
      this.schemas.set(taken, this.inline(type, 0));
    }
    return { $ref: `#/components/schemas/${taken}` };
  }

  schema(type, depth = 0) {
    if (depth > MAX_DEPTH) return {};
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.Union) return this.union(type, depth);
    if (flags & ts.TypeFlags.Object || flags & ts.TypeFlags.Intersection) {
      if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) return this.inline(type, depth);
      return this.ref(type, depth);
    }
    return this.inline(type, depth);
  }

  union(type, depth) {
    const members = type.types.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const literals = members.filter((member) => member.isStringLiteral() || member.isNumberLiteral());
    const booleans = members.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral);
    const others = members.filter((member) => !literals.includes(member) && !booleans.includes(member));
    const parts = [];
    if (literals.length > 0) {
      const values = literals.map((member) => member.value);
      const kind = typeof values[0] === "string" ? "string" : "number";
      parts.push(values.length === 1 ? { type: kind, const: values[0] } : { type: kind, enum: values });
    }
    if (booleans.length === 2) parts.push({ type: "boolean" });
    else if (booleans.length === 1) parts.push({ type: "boolean", const: this.checker.typeToString(booleans[0]) === "true" });
    for (const member of others) parts.push(this.schema(member, depth + 1));
    if (parts.length === 1) return parts[0];
    const nullable = parts.findIndex((part) => part.type === "null");
    if (parts.length === 2 && nullable !== -1) {
      const other = parts[1 - nullable];
      if (typeof other.type === "string" && !other.const && !other.enum) return { ...other, type: [other.type, "null"] };
    }
    return { anyOf: parts };
  }

  inline(type, depth) {
    const checker = this.checker;
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.Union) return this.union(type, depth);
    if (flags & ts.TypeFlags.StringLiteral) return { type: "string", const: type.value };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: "number", const: type.value };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: "boolean", const: checker.typeToString(type) === "true" };
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) return { type: "string" };
    if (flags & ts.TypeFlags.Number) return { type: "number" };
    if (flags & ts.TypeFlags.Boolean) return { type: "boolean" };
    if (flags & ts.TypeFlags.BigInt) return { type: "integer" };
    if (flags & ts.TypeFlags.Null) return { type: "null" };
    if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type);
      return { type: "array", items: item ? this.schema(item, depth + 1) : {} };
    }
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type).map((item) => this.schema(item, depth + 1));
      return { type: "array", prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    const symbolName = type.getSymbol()?.getName();
    // What JSON.stringify makes of them: a Date is an ISO string, a Buffer or typed array is not sent as JSON here.
    if (symbolName === "Date") return { type: "string", format: "date-time" };
    if (!(flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return {};
    const properties = {};
    const required = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (!declaration) continue;
      const propertyType = checker.getTypeOfSymbolAtLocation(property, declaration);
      if (propertyType.getCallSignatures().length > 0) continue;
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0 || acceptsUndefined(propertyType);
      properties[property.getName()] = this.schema(propertyType, depth + 1);
      if (!optional) required.push(property.getName());
    }
    const result = { type: "object", properties };
    if (required.length > 0) result.required = required;
    const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
    if (index) result.additionalProperties = this.schema(index.type, depth + 1);
    return result;
  }
}

function acceptsUndefined(type) {
  return type.flags & ts.TypeFlags.Union ? type.types.some((member) => member.flags & ts.TypeFlags.Undefined) : false;
}

// ---- what a handler answers ----

function awaited(checker, type) {
  return checker.getAwaitedType(type) ?? type;
}

function isResponse(type) {
  return type.getSymbol()?.getName() === "Response";
}

function membersOf(type) {
  return type.flags & ts.TypeFlags.Union ? type.types : [type];
}

function numericStatus(init) {
  if (!init || !ts.isObjectLiteralExpression(init)) return undefined;
  for (const property of init.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === "status" && ts.isNumericLiteral(property.initializer)) {
      return Number(property.initializer.text);
    }
  }
  return undefined;
}

class ResponseReader {
  constructor(checker, writer) {
    this.checker = checker;
    this.writer = writer;
  }

  /** The success (and handler-made) responses of a handler function node. */
  read(handler) {
    const signature = this.checker.getSignaturesOfType(this.checker.getTypeAtLocation(handler), ts.SignatureKind.Call)[0];
    if (!signature) throw new Error(`no call signature for ${handler.getText().slice(0, 80)}`);
    const answers = [];
    const returned = awaited(this.checker, signature.getReturnType());
    const json = [];
    for (const member of membersOf(returned)) {
      if (member.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) answers.push({ status: 204, body: "none" });
      else if (isResponse(member)) answers.push(...this.responsesBuiltIn(handler, 0));
      else json.push(member);
    }
    if (json.length > 0) {
      const type = json.length === 1 ? json[0] : returned;
      answers.push({ status: 200, body: "json", schema: json.length === 1 ? this.writer.schema(type) : this.jsonUnion(json) });
    }
    return dedupe(answers);
  }

  jsonUnion(types) {
    return { anyOf: types.map((type) => this.writer.schema(type)) };
  }

  /** The Response objects a function body builds, following the project's own functions that return one. */
  responsesBuiltIn(node, depth) {
    const found = [];
    const visit = (child) => {
      if (ts.isCallExpression(child)) {
        const callee = child.expression.getText();
        const [first, second] = child.arguments;
        if (callee === "created" && first) found.push({ status: 201, body: "json", schema: this.writer.schema(this.typeOf(first)) });
        else if (callee === "paginated" && first) found.push({ status: 200, body: "list", schema: this.itemsOf(first) });
        else if (callee === "paginatedJson") found.push({ status: 200, body: "list", schema: { type: "array", items: { type: "object" } } });
        else if (callee === "Response.json" && first) {
          found.push({ status: numericStatus(second) ?? 200, body: "json", schema: this.writer.schema(this.typeOf(first)) });
        } else if (callee === "serveStoredFile") found.push({ status: 200, body: "file" });
        else if (depth < 2) found.push(...this.followed(child, depth));
      } else if (ts.isNewExpression(child) && child.expression.getText() === "Response") {
        const [body, init] = child.arguments ?? [];
        const status = numericStatus(init) ?? 200;
        found.push({ status, body: !body || body.kind === ts.SyntaxKind.NullKeyword ? "none" : "binary" });
      }
      ts.forEachChild(child, visit);
    };
    ts.forEachChild(node, visit);
    return found;
  }

  /** A call of one of the project's functions that returns a Response: what that function builds. */
  followed(call, depth) {
    const returned = awaited(this.checker, this.checker.getTypeAtLocation(call));
    if (!membersOf(returned).some(isResponse)) return [];
    const signature = this.checker.getResolvedSignature(call);
    const declaration = signature?.getDeclaration();
    if (!declaration?.body || declaration.getSourceFile().fileName.includes("/node_modules/")) return [];
    return this.responsesBuiltIn(declaration.body, depth + 1);
  }

  typeOf(expression) {
    const type = this.checker.getTypeAtLocation(expression);
    return ts.isAwaitExpression(expression) ? type : awaited(this.checker, type);
  }

  itemsOf(pageExpression) {
    const page = this.typeOf(pageExpression);
    const items = page.getProperty("items");
    if (!items) return { type: "array", items: {} };
    return this.writer.schema(this.checker.getTypeOfSymbolAtLocation(items, pageExpression));
  }
}

// ---- the errors a handler's code can throw ----

/** The AppError subclasses met: their statuses and, when the constructor takes a `detail`, its parameter index. */
class ErrorReader {
  constructor(checker) {
    this.checker = checker;
    this.classes = new Map();
  }

  /** status -> the messages found for it (string constants only), over every project function the handler calls. */
  read(handler) {
    const found = new Map();
    const visited = new Set();
    const add = (status, message) => {
      if (!found.has(status)) found.set(status, new Set());
      if (message) found.get(status).add(message);
    };
    const visit = (node) => {
      if (ts.isNewExpression(node)) {
        const error = this.errorClass(node.expression);
        if (error) {
          const argument = error.detailIndex === undefined ? undefined : node.arguments?.[error.detailIndex];
          const message = argument ? this.literal(argument) : error.defaultDetail;
          for (const status of error.statuses) add(status, message);
        }
      } else if (ts.isCallExpression(node)) {
        const declaration = this.checker.getResolvedSignature(node)?.getDeclaration();
        if (declaration?.body && ownCode(declaration) && !visited.has(declaration)) {
          visited.add(declaration);
          visit(declaration.body);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(handler);
    return Object.fromEntries(
      [...found.entries()].sort(([a], [b]) => a - b).map(([status, messages]) => [status, [...messages].sort()]),
    );
  }

  literal(expression) {
    const type = this.checker.getTypeAtLocation(expression);
    return type.isStringLiteral() ? type.value : undefined;
  }

  errorClass(expression) {
    const symbol = this.checker.getSymbolAtLocation(expression);
    const resolved = symbol && symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
    const declaration = resolved?.valueDeclaration;
    if (!declaration || !ts.isClassDeclaration(declaration) || !ownCode(declaration)) return undefined;
    return this.describe(declaration);
  }

  describe(declaration) {
    if (this.classes.has(declaration)) return this.classes.get(declaration);
    this.classes.set(declaration, undefined);
    const name = declaration.name?.text;
    const base = this.baseOf(declaration);
    let described;
    if (name === "AppError") described = { statuses: [], detailIndex: 1 };
    else if (base) {
      const inherited = this.describe(base);
      if (inherited) {
        const constructor = declaration.members.find(ts.isConstructorDeclaration);
        const call = constructor && superCall(constructor);
        const statuses = call && inherited.detailIndex === 1 ? this.statusesOf(call.arguments[0]) : [];
        const detailIndex = constructor ? constructor.parameters.findIndex((parameter) => parameter.name.getText() === "detail") : inherited.detailIndex;
        const parameter = constructor?.parameters[detailIndex];
        const defaultDetail = parameter?.initializer && ts.isStringLiteralLike(parameter.initializer) ? parameter.initializer.text : undefined;
        described = {
          statuses: statuses.length > 0 ? statuses : inherited.statuses,
          detailIndex: detailIndex === -1 ? undefined : detailIndex,
          defaultDetail: constructor ? defaultDetail : inherited.defaultDetail,
        };
      }
    }
    this.classes.set(declaration, described);
    return described;
  }

  baseOf(declaration) {
    const heritage = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    if (!heritage) return undefined;
    const type = this.checker.getTypeAtLocation(heritage.expression);
    const base = type.getSymbol()?.valueDeclaration;
    return base && ts.isClassDeclaration(base) ? base : undefined;
  }

  /** The numbers a status argument can be: its literals (a conditional's both branches), else its literal type. */
  statusesOf(expression) {
    if (!expression) return [];
    const literals = [];
    const visit = (node) => {
      if (ts.isNumericLiteral(node)) literals.push(Number(node.text));
      else if (!ts.isElementAccessExpression(node)) ts.forEachChild(node, visit);
    };
    visit(expression);
    if (ts.isNumericLiteral(expression) || ts.isConditionalExpression(expression)) return literals;
    const type = this.checker.getTypeAtLocation(expression);
    return membersOf(type).filter((member) => member.isNumberLiteral()).map((member) => member.value);
  }
}

function superCall(constructor) {
  let found;
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) found ??= node;
    ts.forEachChild(node, visit);
  };
  if (constructor.body) visit(constructor.body);
  return found;
}

function ownCode(declaration) {
  const file = declaration.getSourceFile().fileName;
  return file.startsWith(ROOT) && !file.includes("/node_modules/") && !file.endsWith(".d.ts");
}

function dedupe(answers) {
  const seen = new Map();
  for (const answer of answers) {
    const key = `${answer.status} ${answer.body} ${JSON.stringify(answer.schema ?? null)}`;
    if (!seen.has(key)) seen.set(key, answer);
  }
  return [...seen.values()].sort((a, b) => a.status - b.status);
}

// ---- the route modules ----

/** The handler function of an exported method: route()'s or describeRoute()'s function argument, or the function. */
function handlerOf(checker, initializer) {
  let node = initializer;
  if (ts.isCallExpression(node)) {
    const callee = node.expression.getText();
    node = callee === "route" ? node.arguments[1] : callee === "describeRoute" ? node.arguments[0] : node;
  }
  if (node && ts.isIdentifier(node)) {
    const symbol = checker.getSymbolAtLocation(node);
    const declaration = symbol?.valueDeclaration;
    if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) return handlerOf(checker, declaration.initializer);
    if (declaration) return declaration;
  }
  return node;
}

function exportedMethods(sourceFile, checker) {
  const methods = [];
  for (const statement of sourceFile.statements) {
    const exported = ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText();
        if (HTTP_METHODS.has(name) && declaration.initializer) {
          methods.push({ name, statement, handler: handlerOf(checker, declaration.initializer) });
        }
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name && HTTP_METHODS.has(statement.name.text)) {
      methods.push({ name: statement.name.text, statement, handler: statement });
    }
  }
  return methods;
}

export function buildCatalogue() {
  const files = routeFiles();
  const program = createProgram(files);
  const checker = program.getTypeChecker();
  const writer = new SchemaWriter(checker);
  const reader = new ResponseReader(checker, writer);
  const errors = new ErrorReader(checker);
  const routes = files.map((file) => {
    const sourceFile = program.getSourceFile(path.join(ROOT, file));
    if (!sourceFile) throw new Error(`cannot read ${file}`);
    const operations = {};
    for (const method of exportedMethods(sourceFile, checker)) {
      operations[method.name] = {
        description: commentAbove(sourceFile, method.statement),
        success: reader.read(method.handler),
        errors: errors.read(method.handler),
      };
    }
    return { file, operations };
  });
  const schemas = Object.fromEntries([...writer.schemas.entries()].sort(([a], [b]) => a.localeCompare(b)));
  return { routes, schemas };
}

function render({ routes, schemas }) {
  const lines = [
    "// Generated by scripts/openapi-catalogue.mjs from app/api/v1/**/route.ts and the types their handlers return: do not",
    "// edit. After adding or changing a route run `npm run openapi:catalogue` (tests/api/openapi.test.ts checks it is current).",
    'import type { RouteCatalogue } from "@/lib/http/openapi";',
  ];
  // A route with a descriptions.ts beside it (the document's own) is known by that file, never imported: importing it
  // would make a cycle through the document it serves.
  const describedApart = (route) => existsSync(path.join(ROOT, path.dirname(route.file), "descriptions.ts"));
  routes.forEach((route, index) => {
    const source = describedApart(route) ? path.posix.join(path.posix.dirname(route.file), "descriptions") : route.file.replace(/\.ts$/, "");
    lines.push(`import * as route${index} from "@/${source}";`);
  });
  lines.push("", "export const catalogue: RouteCatalogue = {", "  routes: [");
  routes.forEach((route, index) => {
    const key = describedApart(route) ? "descriptions" : "module";
    lines.push(`    { file: ${JSON.stringify(route.file)}, ${key}: route${index}, operations: ${JSON.stringify(route.operations)} },`);
  });
  lines.push("  ],", "  schemas: {");
  for (const [name, schema] of Object.entries(schemas)) lines.push(`    ${name}: ${JSON.stringify(schema)},`);
  lines.push("  },", "};", "");
  return lines.join("\n");
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const text = render(buildCatalogue());
  const target = path.join(ROOT, OUTPUT);
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(target, "utf8");
    } catch {
      // A missing catalogue is stale too.
    }
    if (current !== text) {
      console.error(`${OUTPUT} is out of date: run npm run openapi:catalogue`);
      process.exit(1);
    }
    console.log(`${OUTPUT} is current`);
  } else {
    writeFileSync(target, text);
    console.log(`wrote ${OUTPUT}`);
  }
}

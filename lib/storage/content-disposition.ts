// Content-Disposition values (RFC 6266) with a download name: a plain ASCII `filename` for old clients and an
// RFC 8187 `filename*` carrying the real UTF-8 name. Used by the file routes and by S3 presigned links.

const MAX_NAME_LENGTH = 200;

/** The name without control characters, path separators or surrounding space, cut to a sane length. */
function cleanName(name: string): string {
  return Array.from(
    name
      .normalize("NFC")
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
      .replace(/[/\\]/g, "_")
      .trim(),
  )
    .slice(0, MAX_NAME_LENGTH)
    .join("");
}

/** ASCII stand-in: accents dropped where that keeps the letter, other characters replaced by "_". */
function asciiFallback(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["%]/g, "_");
}

// RFC 8187 attr-char is ALPHA / DIGIT / "!#$&+-.^_`|~"; encodeURIComponent also leaves "'()*" alone.
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function contentDisposition(type: "inline" | "attachment", filename?: string | null): string {
  const name = filename ? cleanName(filename) : "";
  if (!name) return type;
  const fallback = asciiFallback(name);
  const plain = `${type}; filename="${fallback}"`;
  return fallback === name ? plain : `${plain}; filename*=UTF-8''${encodeRfc8187(name)}`;
}

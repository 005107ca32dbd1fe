// Domain errors thrown by services; the HTTP layer maps each to its status and FastAPI-shaped body.

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly detail: string | ValidationIssue[],
    public readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === "string" ? detail : detail.map((issue) => issue.msg).join(", "));
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(detail = "Bad request") {
    super(400, detail);
  }
}

/** The client went away (or its connection broke) while its request body was being read: nobody reads the answer. */
export class RequestAborted extends AppError {
  constructor() {
    super(400, "The request was cancelled before its body arrived.");
  }
}

export class Unauthorized extends AppError {
  constructor(detail = "Not authenticated") {
    super(401, detail, { "WWW-Authenticate": "Bearer" });
  }
}

export class Forbidden extends AppError {
  constructor(detail = "You do not have permission to perform this action.") {
    super(403, detail);
  }
}

export class NotFound extends AppError {
  constructor(detail = "Not Found") {
    super(404, detail);
  }
}

export class Conflict extends AppError {
  constructor(detail = "This resource already exists.") {
    super(409, detail);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(detail = "Request body is too large") {
    super(413, detail);
  }
}

/** A byte range that starts at or past the end of a stored file; `size` is the file's length. */
export class RangeNotSatisfiable extends AppError {
  constructor(public readonly size: number, detail = "Requested range not satisfiable") {
    super(416, detail, { "Content-Range": `bytes */${size}` });
  }
}

export class UnsupportedMediaType extends AppError {
  constructor(detail = "Unsupported file type") {
    super(415, detail);
  }
}

export class ValidationFailed extends AppError {
  constructor(issues: ValidationIssue[]) {
    super(422, issues);
  }
}

export class TooManyRequests extends AppError {
  constructor(detail = "Too many requests. Please try again later.", retryAfterSeconds?: number) {
    super(429, detail, retryAfterSeconds ? { "Retry-After": String(Math.ceil(retryAfterSeconds)) } : {});
  }
}

export class ServiceUnavailable extends AppError {
  constructor(detail = "Service unavailable") {
    super(503, detail);
  }
}

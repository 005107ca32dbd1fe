// Any path under /api/v1 that no route handles: a JSON 404 in the API's error shape.
const notFound = () => Response.json({ detail: "Not Found" }, { status: 404 });

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;

import { ShieldAlert } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

/** What a signed-in user sees on an administration page their role does not open (spec section 8). */
export function AccessDenied({ message = "You don't have permission to access this page." }: { message?: string }) {
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <ShieldAlert className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold text-slate-900">Access Denied</h1>
        <p className="text-sm text-slate-500">{message}</p>
      </CardContent>
    </Card>
  );
}

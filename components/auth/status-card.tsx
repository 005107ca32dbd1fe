import { CheckCircle2, XCircle } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";

type Tone = "busy" | "success" | "failure";

interface StatusCardProps {
  tone: Tone;
  title: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
}

/** A centred card for an outcome: verifying, done, or failed, with the next step below. */
export function StatusCard({ tone, title, description, children }: StatusCardProps) {
  return (
    <Card className="shadow-lg shadow-slate-200/60">
      <CardHeader className="items-center pb-4 pt-8 text-center">
        <span
          className={cn(
            "mb-3 flex h-14 w-14 items-center justify-center rounded-full",
            tone === "success" && "bg-emerald-50 text-emerald-600",
            tone === "failure" && "bg-red-50 text-red-600",
            tone === "busy" && "bg-brand-50",
          )}
        >
          {tone === "busy" ? <Spinner className="h-7 w-7 border-[3px]" label={title} /> : null}
          {tone === "success" ? <CheckCircle2 className="h-7 w-7" aria-hidden /> : null}
          {tone === "failure" ? <XCircle className="h-7 w-7" aria-hidden /> : null}
        </span>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription className="max-w-sm text-balance">{description}</CardDescription> : null}
      </CardHeader>
      {children ? <CardContent className="flex flex-col gap-3 pb-8">{children}</CardContent> : <div className="pb-4" />}
    </Card>
  );
}

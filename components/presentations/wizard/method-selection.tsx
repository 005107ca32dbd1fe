// Method selection (spec section 2, "Wizard"): one card per generation method from GET /presentations/methods,
// with its name, description, icon, estimated time and features. Without presentation generate the buttons look
// disabled under the spec's notice; choosing one anyway answers 'Permission Denied'.
import { Check, Clock, Pencil, ShieldAlert, Sparkles, Upload, type LucideIcon } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { cn } from "@/lib/cn";
import { methodButtonLabel, type MethodId } from "./steps";
import type { MethodInfo } from "./types";

export const NO_GENERATE_NOTICE = "You don't have permission to generate presentations. Please contact your administrator.";

const ICONS: Record<string, LucideIcon> = { edit: Pencil, upload: Upload, sparkles: Sparkles };
const TONES: Record<string, string> = {
  manual: "bg-sky-50 text-sky-600 ring-sky-100",
  import_ppt: "bg-amber-50 text-amber-600 ring-amber-100",
  ai_template: "bg-violet-50 text-violet-600 ring-violet-100",
};

interface MethodSelectionProps {
  methods: MethodInfo[];
  canGenerate: boolean;
  exists: boolean;
  onChoose: (method: MethodId) => void;
}

export function MethodSelection({ methods, canGenerate, exists, onChoose }: MethodSelectionProps) {
  // The cards are in the server's HTML: until the page is interactive a press would be lost, so it cannot be made.
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-5">
      {!canGenerate ? (
        <div role="note" className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{NO_GENERATE_NOTICE}</span>
        </div>
      ) : null}
      <ul className="grid gap-4 md:grid-cols-3" aria-label="Generation methods">
        {methods.map((method) => {
          const Icon = ICONS[method.icon] ?? Sparkles;
          const label = methodButtonLabel(method.name, exists);
          return (
            <li key={method.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md">
              <span className={cn("flex h-11 w-11 items-center justify-center rounded-xl ring-1", TONES[method.id] ?? TONES.ai_template)}>
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{method.name}</h2>
              <p className="mt-1 text-sm text-slate-600">{method.description}</p>
              <p className="mt-3 flex items-center gap-1.5 text-xs font-medium text-slate-500">
                <Clock className="h-3.5 w-3.5" aria-hidden />
                <span>Estimated time: {method.estimated_time}</span>
              </p>
              <ul className="mt-4 flex flex-1 flex-col gap-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
                {method.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              {/* aria-disabled rather than disabled: the click still arrives and answers 'Permission Denied'. */}
              <button
                type="button"
                disabled={!hydrated}
                aria-disabled={!canGenerate}
                onClick={() => onChoose(method.id)}
                className={cn(buttonClasses(exists ? "outline" : "primary", "md", "mt-5 w-full"), !canGenerate && "cursor-not-allowed opacity-50")}
              >
                {label}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

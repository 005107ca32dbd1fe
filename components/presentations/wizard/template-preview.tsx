// A small picture of each slide template (lib/slides/templates): its page colour, accent and bullet style drawn
// in CSS at 16:9, so the picker shows what the five looks are without loading any image.
import { cn } from "@/lib/cn";

interface Look {
  page: string;
  title: string;
  body: string;
  accent: string;
  /** How the bullets are marked. */
  marker: "square" | "number" | "dot" | "card" | "none";
  /** A decoration that sets the template apart. */
  flourish: "edge" | "blob" | "mark" | "rule" | "glow";
}

// Colours from the templates' own constants and default accents (lib/slides/templates/*.ts).
const LOOKS: Record<string, Look> = {
  professional: { page: "#ffffff", title: "#0f172a", body: "#94a3b8", accent: "#2563eb", marker: "square", flourish: "edge" },
  creative: { page: "#fff7ed", title: "#1c1917", body: "#a8a29e", accent: "#f0523f", marker: "number", flourish: "blob" },
  minimal: { page: "#ffffff", title: "#111111", body: "#c4c4c4", accent: "#e5484d", marker: "none", flourish: "mark" },
  academic: { page: "#f7f4ec", title: "#1f2937", body: "#b5b0a5", accent: "#8c1c13", marker: "number", flourish: "rule" },
  startup: { page: "#0a0a12", title: "#ffffff", body: "#475569", accent: "#7c5cff", marker: "card", flourish: "glow" },
};

const FALLBACK: Look = LOOKS.professional!;

export function TemplatePreview({ templateId, className }: { templateId: string; className?: string }) {
  const look = LOOKS[templateId] ?? FALLBACK;
  return (
    <div
      aria-hidden
      className={cn("relative aspect-video w-full overflow-hidden rounded-md ring-1 ring-slate-900/10", className)}
      style={{ backgroundColor: look.page }}
    >
      {look.flourish === "edge" ? <span className="absolute inset-y-0 left-0 w-[4%]" style={{ backgroundColor: look.accent }} /> : null}
      {look.flourish === "blob" ? (
        <span className="absolute -right-[12%] -top-[30%] h-[85%] w-[45%] rounded-full opacity-90" style={{ backgroundColor: look.accent }} />
      ) : null}
      {look.flourish === "glow" ? (
        <span
          className="absolute -right-[10%] -top-[40%] h-[110%] w-[60%] rounded-full opacity-60 blur-xl"
          style={{ background: `radial-gradient(circle, ${look.accent}, transparent 70%)` }}
        />
      ) : null}
      <div className={cn("absolute inset-0 flex flex-col gap-[6%] px-[10%] py-[10%]", look.flourish === "rule" && "items-center")}>
        {look.flourish === "mark" ? <span className="h-[3%] w-[8%]" style={{ backgroundColor: look.accent }} /> : null}
        <span className="h-[11%] w-[62%] rounded-sm" style={{ backgroundColor: look.title }} />
        {look.flourish === "rule" ? <span className="h-px w-[80%]" style={{ backgroundColor: look.accent }} /> : null}
        <div className={cn("flex w-full flex-col gap-[7%]", look.flourish === "rule" && "items-start")}>
          {[70, 58, 64].map((width, index) => (
            <div
              key={width}
              className={cn("flex items-center gap-[3%]", look.marker === "card" && "rounded-sm px-[2%] py-[1.5%]")}
              style={look.marker === "card" ? { backgroundColor: "rgba(255,255,255,0.08)", width: `${width + 8}%` } : { width: `${width}%` }}
            >
              <Marker look={look} index={index} />
              <span className="h-[5px] flex-1 rounded-full" style={{ backgroundColor: look.body }} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function Marker({ look, index }: { look: Look; index: number }) {
  if (look.marker === "none") return null;
  if (look.marker === "number") {
    return (
      <span className="text-[8px] font-bold leading-none" style={{ color: look.accent }}>
        {index + 1}
      </span>
    );
  }
  return <span className={cn("h-[6px] w-[6px] shrink-0", look.marker === "dot" || look.marker === "card" ? "rounded-full" : "")} style={{ backgroundColor: look.accent }} />;
}

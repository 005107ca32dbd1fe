"use client";

// The tenant dashboard's card of its most-viewed decks over the last 30 days (share analytics), each linking to its
// analytics page. It loads after the dashboard, on its own: the dashboard's figures never wait for it.
import { BarChart3 } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { EmptyState, Panel } from "@/components/dashboard/parts";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/http/client";
import type { TopDeckOut } from "@/lib/services/share-analytics";

type State = { kind: "loading" } | { kind: "ready"; decks: TopDeckOut[] } | { kind: "failed" };

export function TopDecksCard() {
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    api
      .get<TopDeckOut[]>("/analytics/top-decks?days=30&limit=5")
      .then((decks) => live && setState({ kind: "ready", decks }))
      .catch(() => live && setState({ kind: "failed" }));
    return () => {
      live = false;
    };
  }, []);

  return (
    <Panel title="Most Viewed Decks" description="Last 30 days">
      {state.kind === "loading" ? (
        <div className="flex flex-col gap-2">
          <span className="sr-only">Loading the most viewed decks</span>
          <Skeleton className="h-5 w-full" aria-hidden />
          <Skeleton className="h-5 w-4/5" aria-hidden />
        </div>
      ) : state.kind === "failed" ? (
        <p className="text-sm text-slate-600">Views could not be loaded.</p>
      ) : state.decks.length === 0 ? (
        <EmptyState icon={BarChart3} title="No views yet" description="Share a presentation to see who watches it" />
      ) : (
        <ol className="divide-y divide-slate-100 text-sm" data-testid="top-decks">
          {state.decks.map((deck) => (
            <li key={deck.presentation_id} className="flex items-center justify-between gap-3 py-2">
              <Link href={`/presentations/${deck.presentation_id}/analytics`} className="min-w-0 truncate font-medium text-slate-900 hover:text-brand-700">
                {deck.blog_title} <span className="font-normal text-slate-600">v{deck.version_number}</span>
              </Link>
              <span className="shrink-0 tabular-nums text-slate-700">
                {deck.views} {deck.views === 1 ? "view" : "views"}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

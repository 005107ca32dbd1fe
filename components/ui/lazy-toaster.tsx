"use client";

import dynamic from "next/dynamic";

/**
 * The toast viewport, loaded after the page is interactive: Radix Toast stays out of every page's first-load
 * JavaScript. The toast store keeps what was raised before it arrives, so no toast is lost.
 */
export const LazyToaster = dynamic(() => import("./toaster").then((module) => module.Toaster), { ssr: false });

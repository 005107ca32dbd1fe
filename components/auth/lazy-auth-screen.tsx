"use client";

import dynamic from "next/dynamic";

/**
 * The sign-in screen of a protected address nobody is signed in at (the (app) layout). Loaded as its own chunk:
 * the layout imports it for the signed-out case, and its forms would otherwise ship with every signed-in page.
 */
export const LazyAuthScreen = dynamic(() => import("./auth-screen").then((module) => module.AuthScreen));

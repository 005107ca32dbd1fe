// The product's display name and tagline, shown in the sign-in screen, the shell and e-mails.
export const PRODUCT_NAME = "InsightDeck";
export const PRODUCT_TAGLINE = "Insights on how artificial intelligence shapes work, life and creativity.";

// framer-motion's animation features, loaded after the page (LazyMotion): the share page's first load carries only
// the small `m` components, not the animation engine.
import { domAnimation } from "framer-motion";

export default domAnimation;

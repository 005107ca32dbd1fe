import { PlayerMessage } from "@/components/player/player-message";

/** While the server reads the presentation: the player's own loading state, not the shell's. */
export default function Loading() {
  return <PlayerMessage title="Loading Presentation" spinner />;
}

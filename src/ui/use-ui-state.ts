// The UI state (ui-state.ts's reducer) as a hook. The state also lives in a ref, updated as each
// key is handled: keys typed or pasted faster than React re-renders (a "/" then "note") must see
// the state the previous key made, so key handlers read `current()`, not the rendered `ui`.
import { useCallback, useRef, useState } from "react";
import { initialUi, type UiState } from "../render/ui-state.js";
import { type UiChange, uiReducer } from "./input/ui-reducer.js";

export interface UiStore {
  /** As rendered. */
  ui: UiState;
  /** As of the last dispatch (for key handlers). */
  current: () => UiState;
  dispatch: (a: UiChange) => void;
}

export function useUiState(initial: UiState = initialUi): UiStore {
  const [ui, setUi] = useState(initial);
  const ref = useRef(ui);
  const dispatch = useCallback((a: UiChange) => {
    ref.current = uiReducer(ref.current, a);
    setUi(ref.current);
  }, []);
  const current = useCallback(() => ref.current, []);
  return { ui, current, dispatch };
}

// The list pane as the monitor shows it: the columns that fit, what to say when no row is shown,
// and a note about rows the page held twice (list-pane-props.ts).
import { useMemo } from "react";
import { monotonicMs } from "../model/monotonic.js";
import { chooseColumns } from "../render/columns.js";
import { type ListPaneInput, listPaneProps } from "../render/list-pane-props.js";
import { JobList } from "./JobList.js";

export type ListPaneProps = Omit<ListPaneInput, "monoMs">;

export function ListPane(props: ListPaneProps) {
  const { layout, config } = props;
  const cols = useMemo(
    () => chooseColumns(layout.listWidth, config.statusLabels, config.columns),
    [layout.listWidth, config.statusLabels, config.columns],
  );
  // The highlights' clock is read here: render/ reads none.
  return <JobList {...listPaneProps({ ...props, monoMs: monotonicMs() }, cols)} />;
}

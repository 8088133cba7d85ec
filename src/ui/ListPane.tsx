// The list pane as the monitor shows it: the columns that fit, what to say when no row is shown,
// and a note about rows the page held twice (list-pane-props.ts).
import { useMemo } from "react";
import { chooseColumns } from "../render/columns.js";
import { type ListPaneInput, listPaneProps } from "../render/list-pane-props.js";
import { JobList } from "./JobList.js";

export type ListPaneProps = ListPaneInput;

export function ListPane(props: ListPaneProps) {
  const { layout, config } = props;
  const cols = useMemo(
    () => chooseColumns(layout.listWidth, config.statusLabels, config.columns),
    [layout.listWidth, config.statusLabels, config.columns],
  );
  return <JobList {...listPaneProps(props, cols)} />;
}

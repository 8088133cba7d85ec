// The detail pane as the monitor shows it: the selected job's lines, or what the service said
// about a job that is not there, under a title that says where the job is (detail-pane-props.ts).
import { type DetailPaneInput, detailPaneProps } from "../render/detail-pane-props.js";
import { JobDetail } from "./JobDetail.js";

export type DetailPaneProps = DetailPaneInput;

export function DetailPane(props: DetailPaneProps) {
  return <JobDetail {...detailPaneProps(props)} />;
}

// The list pane: a header row and only the rows that fit. Rows are memoised on the job object,
// so a poll that changes one job repaints one line.
import { Box, Text } from "ink";
import { memo } from "react";
import type { Job } from "../api/schema.js";
import { clockCells } from "../render/columns.js";
import type { JobListProps } from "../render/list-pane-props.js";
import {
  errorRow,
  type JobRowOptions,
  jobRow,
  listBodyRows,
  listNote,
  listTitles,
  listTop,
} from "../render/list-rows.js";
import { markMatches } from "../render/mark-matches.js";

export function JobList(props: JobListProps) {
  const { items, cursor, width, height, columns } = props;
  const bodyRows = listBodyRows(height, props.note !== undefined);
  const top = listTop(cursor, bodyRows, items.length);
  const visible = items.slice(top, top + bodyRows);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text dimColor={!props.focused} bold wrap="truncate">
        {listTitles(columns, width)}
      </Text>
      {visible.length === 0 ? (
        <Text dimColor wrap="truncate">
          {listNote(props.emptyText, width)}
        </Text>
      ) : (
        visible.map((item, i) => {
          const index = top + i;
          const key = item.ok ? `j${item.job.id}` : `e${item.index}`;
          return item.ok ? (
            <Row
              key={key}
              job={item.job}
              width={width}
              columns={columns}
              labels={props.labels}
              selected={index === cursor}
              changed={props.changed(item.job.id)}
              pinned={props.pinned?.(item.job.id) ?? false}
              tagged={props.tagged?.(item.job.id) ?? false}
              nowSec={props.nowSec}
              mark={props.mark}
              alert={props.alertOf?.(item.job.id)}
            />
          ) : (
            <Text key={key} color="red" inverse={index === cursor} wrap="truncate">
              {errorRow(item, index === cursor, width)}
            </Text>
          );
        })
      )}
      {props.note ? (
        <Text dimColor wrap="truncate">
          {listNote(props.note, width)}
        </Text>
      ) : null}
    </Box>
  );
}

interface RowProps extends JobRowOptions {
  job: Job;
  mark: string | undefined;
}

/**
 * One row. The marker shows selection (›), change (✱) and pin (★) without colour; colour only
 * adds to it. Rendered again only when what it shows changed: the clock moves `nowSec` at every
 * poll, but a row's age ("5m") changes far less often.
 */
const Row = memo(function Row({
  job,
  width,
  columns,
  labels,
  selected,
  changed,
  pinned,
  tagged,
  nowSec,
  mark,
  alert,
}: RowProps) {
  const r = jobRow(job, { width, columns, labels, selected, changed, pinned, tagged, nowSec, alert });
  return (
    <Text wrap="truncate" inverse={selected} bold={changed}>
      {r.marker}
      <Text color={r.statusColor}>{marked(r.status, mark)}</Text> {marked(r.tail, mark)}
    </Text>
  );
}, sameRow);

function sameRow(a: RowProps, b: RowProps): boolean {
  return (
    a.job === b.job &&
    a.width === b.width &&
    a.columns === b.columns &&
    a.labels === b.labels &&
    a.selected === b.selected &&
    a.changed === b.changed &&
    a.pinned === b.pinned &&
    a.tagged === b.tagged &&
    a.mark === b.mark &&
    a.alert === b.alert &&
    (a.nowSec === b.nowSec ||
      clockCells(a.job, a.columns, a.nowSec) === clockCells(b.job, b.columns, b.nowSec))
  );
}

/** The filter's matches underlined on a yellow ground (the underline stays without colour). */
function marked(text: string, mark: string | undefined) {
  if (!mark) return text;
  return markMatches(text, mark).map((r, i) =>
    r.hit ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional
      <Text key={i} underline color="black" backgroundColor="yellow">
        {r.text}
      </Text>
    ) : (
      r.text
    ),
  );
}

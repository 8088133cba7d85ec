// The URL picker shown by `c` when the job has several URLs: a digit copies one, a copies all.
import { Box, Text } from "ink";
import { fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { maskUrl } from "../model/secrets.js";

export interface PickerUrl {
  n: number;
  url: string;
}

export function UrlPicker(p: { urls: PickerUrl[]; width: number; height: number; showSecrets: boolean }) {
  const lines = p.urls.map((u) => ` [${u.n}] ${sanitize(p.showSecrets ? u.url : maskUrl(u.url))}`);
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Text bold inverse wrap="truncate">
        {fit(" Copy which URL? 1–9 one, a all, Esc cancel", p.width)}
      </Text>
      {lines.slice(0, Math.max(0, p.height - 1)).map((l) => (
        <Text key={l} wrap="truncate">
          {fit(l, p.width)}
        </Text>
      ))}
    </Box>
  );
}

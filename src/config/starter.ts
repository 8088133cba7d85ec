// What `jobtop config init` writes: every key, commented out, with what it does. The settings
// at the top are the settings table's `starter` lines (./settings.ts).
import { starterSettings } from "./from-settings.js";

export const STARTER = `# jobtop's config file (TOML). Uncomment and edit what you need, then run
# \`jobtop config check\` to see what is in force and where each setting comes from.
#
# Precedence: flags > environment (JOBTOP_*) > the chosen profile > the settings at the
# top of this file > jobtop's defaults.

# The profile used when neither --profile nor JOBTOP_PROFILE names one.
# profile = "prod"

# Settings here apply to every profile; a profile's own value wins. They must come before
# the first [table] below.
${starterSettings()}

# Names for the service's status codes. The service does not say what its codes mean, so
# jobtop shows bare numbers until you name them here. Each code keeps its colour and symbol.
# A profile can rename single codes in its own [profiles.NAME.status] table.
[status]
# 6 = "queued"
# 1 = "starting"
# 2 = "running"
# 3 = "stopped"

# Names for the protocol codes of a job's ports.
[protocols]
# 1 = "tcp"
# 2 = "udp"

# Names for port numbers, shown beside each URL (details, \`jobtop get\`, the copy picker).
[ports]
# 6006 = "tensorboard"
# 8888 = "jupyter"

# Actions on the selected job (or the tagged ones), each on a key of its own; also from the
# shell: jobtop act NAME ID... [--yes]. None exist unless you write them: the service's cancel
# and create have no path in its spec, so use the ones your service documents. Placeholders:
# {id}, {displayID}, {status}, {statusName}, {nodeId}, {remark}. See docs/CONFIG.md "Actions".
# A profile's own go in [[profiles.NAME.actions]] (one of the same name replaces these).
#
# An http request, sent with the profile's token; confirm = "yes" (y/n), "type" (type the
# displayID) or "no"; DELETE and POST ask "yes" unless you say otherwise.
# [[actions]]
# name = "cancel"
# key = "C"
# description = "cancel the job"
# statuses = ["queued", "starting", "running"]
# confirm = "type"
# http = { method = "DELETE", path = "/v1/job", query = { id = "{id}" } }
#
# A command of yours, run without a shell: each placeholder stays inside its own argument.
# The job is in JOBTOP_JOB_ID, JOBTOP_DISPLAY_ID, JOBTOP_STATUS; the token only with pass_token.
# [[actions]]
# name = "logs"
# key = "L"
# description = "save the job's logs"
# confirm = "no"
# mode = "background"          # or "terminal": it gets the terminal, jobtop comes back after
# command = ["my-tool", "logs", "{id}", "--out", "/tmp/{displayID}.log"]

# One table per service; pick one with --profile NAME, JOBTOP_PROFILE or profile = above.
# [profiles.prod]
# base_url = "https://jobs.example.com"
# token_file = "~/.config/jobtop/prod.token"   # the token alone; chmod 600 it
# # token_command = "pass show jobs/prod"      # or a command that prints it (run without a shell)
# interval = "2s"
#
# This profile's own names for some codes:
# [profiles.prod.status]
# 3 = "done"
#
# [profiles.staging]
# base_url = "https://staging.example.com"
# token_file = "~/.config/jobtop/staging.token"
`;

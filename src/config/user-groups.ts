// Whether a group is its owner's alone: a user private group, the group of the same name that
// Debian, Ubuntu and Fedora give each user, with umask 002 (pam_umask's usergroups, Fedora's
// /etc/profile). There a file or folder the group can write is one only its owner can write,
// and ssh on Debian and Ubuntu accepts it (their user-group-modes patch: "the group in question
// contains only the file's owner"); a config made with an editor under umask 002 (0664, in
// folders of 0775) was refused. A group with anyone else in it, as its member or as their
// primary group, still makes the file refused (a group-shared home), as does a group jobtop
// cannot see in /etc/group (one only a directory service knows: Node has no getgrgid).
// /etc/passwd and /etc/group are read only when a group-writable file or folder is met, once.
import { readFileSync } from "node:fs";

export interface UserDb {
  passwd: string;
  group: string;
}

function readEtc(): UserDb | undefined {
  try {
    return { passwd: readFileSync("/etc/passwd", "utf8"), group: readFileSync("/etc/group", "utf8") };
  } catch {
    return undefined;
  }
}

let etc: UserDb | undefined | null = null;
const etcOnce = () => {
  if (etc === null) etc = readEtc();
  return etc;
};

/** Is `gid` a group whose only member is `owner` (by its primary group or its member list)? */
export function onlyOwnersGroup(gid: number, owner: number, db: () => UserDb | undefined = etcOnce): boolean {
  const files = db();
  if (!files) return false;
  let ownerName: string | undefined;
  let members = 0;
  for (const line of files.passwd.split("\n")) {
    const f = line.split(":");
    if (f.length < 4 || line.startsWith("#") || f[2] === "") continue;
    if (Number(f[2]) === owner) ownerName ??= f[0];
    if (f[3] !== "" && Number(f[3]) === gid) {
      if (Number(f[2]) !== owner) return false;
      members++;
    }
  }
  const group = files.group
    .split("\n")
    .map((l) => l.split(":"))
    .find((f) => f.length >= 4 && f[2] !== "" && Number(f[2]) === gid);
  if (!group) return false;
  const listed = (group[3] ?? "").split(",").filter(Boolean);
  if (listed.some((m) => m !== ownerName)) return false;
  return members + listed.length > 0;
}

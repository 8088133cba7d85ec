// A group that is its owner's alone (a user private group) makes group-writable the owner's: as
// ssh on Debian and Ubuntu reads it (attacked after the merge: umask 002 configs were refused).
import { describe, expect, it } from "vitest";
import { onlyOwnersGroup, type UserDb } from "../../src/config/user-groups.js";

const PASSWD = [
  "root:x:0:0:root:/root:/bin/bash",
  "alice:x:1000:1000:Alice:/home/alice:/bin/bash",
  "bob:x:1001:1001::/home/bob:/bin/sh",
  "carol:x:1002:2000::/home/carol:/bin/sh", // primary group: lab
  "# a comment:x:1:1",
].join("\n");
const GROUP = [
  "root:x:0:",
  "alice:x:1000:",
  "bob:x:1001:bob",
  "lab:x:2000:alice,bob",
  "solo:x:3000:alice",
  "duo:x:3001:alice,bob",
  "empty:x:3002:",
].join("\n");
const db =
  (passwd = PASSWD, group = GROUP) =>
  (): UserDb => ({ passwd, group });

describe("onlyOwnersGroup", () => {
  it("a user's own group: by primary group, by member list, or both", () => {
    expect(onlyOwnersGroup(1000, 1000, db())).toBe(true);
    expect(onlyOwnersGroup(1001, 1001, db())).toBe(true);
    expect(onlyOwnersGroup(3000, 1000, db())).toBe(true);
    expect(onlyOwnersGroup(0, 0, db())).toBe(true);
  });

  it("a group with anyone else in it, no one in it, or one /etc/group does not name: not the owner's", () => {
    expect(onlyOwnersGroup(2000, 1000, db())).toBe(false); // carol's primary group, alice and bob listed
    expect(onlyOwnersGroup(3001, 1000, db())).toBe(false);
    expect(onlyOwnersGroup(1000, 1001, db())).toBe(false); // alice's group, bob's file
    expect(onlyOwnersGroup(3002, 1000, db())).toBe(false);
    expect(onlyOwnersGroup(4242, 1000, db())).toBe(false);
    expect(onlyOwnersGroup(1000, 1000, () => undefined)).toBe(false);
    // Someone else has it as their primary group, though the member list is empty.
    expect(onlyOwnersGroup(1000, 1000, db(`${PASSWD}\nmallory:x:1666:1000::/:/bin/sh`))).toBe(false);
  });
});

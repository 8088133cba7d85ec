// Ink turns into a "print the last frame at exit" logger when CI or CONTINUOUS_INTEGRATION is
// set, and some build hosts set CI in every login shell: jobtop would show a blank screen there.
// The monitor needs a TTY anyway (it checks), so it always renders live.
export default {
  name: "is-in-ci-never",
  why: "The monitor renders live when CI is set in the user's shell.",
  upstream:
    "vadimdemedes/ink#718 (is-in-ci makes interactive apps hang; closed). ink 7 added an `interactive` render option (vadimdemedes/ink#888) that would replace this stub; ink 7 needs Node 22.",
  targets: [{ file: "is-in-ci/index.js", contents: "export default false;" }],
};

// A React commit that changed no element of Ink's tree draws no frame. After every commit Ink laid
// out the whole tree again (Yoga) and composed every row of the frame, only to find it the same as
// the last and write nothing. A monitor left open commits after each answer (the job every 2 s,
// the page every 10 s, the index's pages) even when the answer changed nothing on screen: that
// pass was ~20 % of its idle CPU (issue 31, BENCHMARKS.md). Now the reconciler notes whether a
// commit touched the tree (a node added, moved or removed, a text changed, a style's values, an
// attribute, a node hidden or shown) and skips the layout and the frame when none did. A new but
// equal style object, or new children props (texts and nodes change through their own calls), are
// no change; <Text> keeps its colouring function while its colours are the same (it made a new one
// every render, which looked like a change). Ink's own redraws (a resize, <Static> output, the
// unmount's last frame) do not come through here and are unchanged.
// <Text>'s colouring function as Ink writes it, in two parts: moved above its early return, into a useMemo.
const FOREGROUND = `        if (dimColor) {
            children = chalk.dim(children);
        }
        if (color) {
            children = colorize(children, color, 'foreground');
        }`;
const BACKGROUND_AND_REST = `
        if (effectiveBackgroundColor) {
            children = colorize(children, effectiveBackgroundColor, 'background');
        }
        if (bold) {
            children = chalk.bold(children);
        }
        if (italic) {
            children = chalk.italic(children);
        }
        if (underline) {
            children = chalk.underline(children);
        }
        if (strikethrough) {
            children = chalk.strikethrough(children);
        }
        if (inverse) {
            children = chalk.inverse(children);
        }
        return children;`;

export default {
  name: "ink-skip-unchanged-commits",
  why: "Idle CPU: no layout and no frame for a commit that changed nothing on screen (~20 % of an idle monitor's CPU).",
  upstream:
    "None found: Ink calls onComputeLayout and onRender from resetAfterCommit for every commit (ink/src/reconciler.ts), with no check of what the commit changed.",
  targets: [
    {
      file: "ink/build/reconciler.js",
      // true at first: the first commit draws.
      prepend: `let __treeChanged = true;
const __touch = (f) => (...args) => { __treeChanged = true; return f(...args); };
const __visible = (props, oldProps, newProps) => Object.keys(props).some((key) =>
  key === "children" || key === "style" ? false
  : key === "internal_accessibility" ? oldProps[key]?.role !== newProps[key]?.role || oldProps[key]?.state !== newProps[key]?.state
  : true);
`,
      edits: [
        {
          before: `    resetAfterCommit(rootNode) {
        if (typeof rootNode.onComputeLayout === 'function') {`,
          after: `    resetAfterCommit(rootNode) {
        if (!__treeChanged && !rootNode.isStaticDirty) {
            return;
        }
        __treeChanged = false;
        if (typeof rootNode.onComputeLayout === 'function') {`,
        },
        {
          before: `    hideTextInstance(node) {
        setTextNodeValue(node, '');
    },
    unhideTextInstance(node, text) {
        setTextNodeValue(node, text);
    },`,
          after: `    hideTextInstance(node) {
        __treeChanged = true;
        setTextNodeValue(node, '');
    },
    unhideTextInstance(node, text) {
        __treeChanged = true;
        setTextNodeValue(node, text);
    },`,
        },
        {
          before: `    hideInstance(node) {
        node.yogaNode?.setDisplay(Yoga.DISPLAY_NONE);
    },
    unhideInstance(node) {
        node.yogaNode?.setDisplay(Yoga.DISPLAY_FLEX);
    },
    appendInitialChild: appendChildNode,
    appendChild: appendChildNode,
    insertBefore: insertBeforeNode,`,
          after: `    hideInstance(node) {
        __treeChanged = true;
        node.yogaNode?.setDisplay(Yoga.DISPLAY_NONE);
    },
    unhideInstance(node) {
        __treeChanged = true;
        node.yogaNode?.setDisplay(Yoga.DISPLAY_FLEX);
    },
    appendInitialChild: appendChildNode,
    appendChild: __touch(appendChildNode),
    insertBefore: __touch(insertBeforeNode),`,
        },
        {
          before: `    appendChildToContainer: appendChildNode,
    insertInContainerBefore: insertBeforeNode,
    removeChildFromContainer(node, removeNode) {
        removeChildNode(node, removeNode);`,
          after: `    appendChildToContainer: __touch(appendChildNode),
    insertInContainerBefore: __touch(insertBeforeNode),
    removeChildFromContainer(node, removeNode) {
        __treeChanged = true;
        removeChildNode(node, removeNode);`,
        },
        {
          before: `        if (!props && !style) {
            return;
        }`,
          after: `        if (!props && !style) {
            return;
        }
        if (style || (props && __visible(props, oldProps, newProps))) {
            __treeChanged = true;
        }`,
        },
        {
          before: `    commitTextUpdate(node, _oldText, newText) {
        setTextNodeValue(node, newText);
    },
    removeChild(node, removeNode) {
        removeChildNode(node, removeNode);`,
          after: `    commitTextUpdate(node, _oldText, newText) {
        __treeChanged = true;
        setTextNodeValue(node, newText);
    },
    removeChild(node, removeNode) {
        __treeChanged = true;
        removeChildNode(node, removeNode);`,
        },
      ],
    },
    {
      file: "ink/build/components/Text.js",
      edits: [
        {
          before: `    const childrenOrAriaLabel = isScreenReaderEnabled && ariaLabel ? ariaLabel : children;`,
          after: `    const childrenOrAriaLabel = isScreenReaderEnabled && ariaLabel ? ariaLabel : children;
    const effectiveBackgroundColor = backgroundColor ?? inheritedBackgroundColor;
    const transform = React.useMemo(() => (children) => {
${FOREGROUND}${BACKGROUND_AND_REST}
    }, [dimColor, color, effectiveBackgroundColor, bold, italic, underline, strikethrough, inverse]);`,
        },
        {
          before: `    const transform = (children) => {
${FOREGROUND}
        // Use explicit backgroundColor if provided, otherwise use inherited from parent Box
        const effectiveBackgroundColor = backgroundColor ?? inheritedBackgroundColor;${BACKGROUND_AND_REST}
    };
`,
          after: "",
        },
      ],
    },
  ],
};

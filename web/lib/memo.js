// memo(): skip re-rendering a component while its props are shallowly equal (Preact core has no memo).
import { Component, h } from "./html.js";

function shallowEqual(a, b) {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is(a[key], b[key]));
}

export function memo(render) {
  class Memo extends Component {
    shouldComponentUpdate(nextProps) {
      return !shallowEqual(this.props, nextProps);
    }
    render(props) {
      return h(render, props);
    }
  }
  Memo.displayName = `Memo(${render.name || "component"})`;
  return Memo;
}

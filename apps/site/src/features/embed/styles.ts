// The widget's stylesheet, inside its shadow root: the host element is reset with `all: initial` (an
// !important declaration of the shadow tree wins over the host page's, so the page's global rules cannot
// reach the widget through inheritance), and nothing of the page's stylesheets matches inside.
export const WIDGET_CSS = `
:host{all:initial!important;display:block!important;box-sizing:border-box!important;max-width:448px!important;
font:16px/1.5 system-ui,sans-serif!important;color:#1a1a2e!important;
text-align:left!important}
*,*::before,*::after{box-sizing:border-box}
.box{background:#fff;border:1px solid #d4d4dc;border-radius:12px;padding:16px}
label{display:block;font-weight:600;margin:0 0 6px}
.row{display:flex;flex-wrap:wrap;gap:8px}
input{flex:1 1 192px;min-width:0;font:inherit;color:#1a1a2e;background:#fff;border:1px solid #6b6b7b;
border-radius:8px;padding:10px 12px;margin:0}
button{font:inherit;font-weight:600;color:#fff;background:#4b2bbf;border:0;border-radius:8px;padding:10px 16px;
cursor:pointer;margin:0}
button:disabled{opacity:.7;cursor:progress}
input:focus-visible,button:focus-visible,p:focus-visible{outline:3px solid #ffb703;outline-offset:2px}
input[aria-invalid=true]{border-color:#b00020}
p{margin:8px 0 0}
.error{color:#b00020}
.done{font-weight:600;margin:0 0 8px}
`;

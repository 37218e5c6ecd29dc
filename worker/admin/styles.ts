/**
 * The desk's stylesheet, inlined with the response's nonce (its CSP allows nothing else). The
 * colours are the site's dark theme (app/styles/app.css); text on the surfaces keeps at least
 * 4.5:1 contrast, and every control shows the site's focus ring.
 */
export const DESK_CSS = `
:root{--bg:#0b0b10;--bg-raised:#15151d;--bg-hover:#1e1e29;--line:#2a2a38;--text:#f1f0f5;--muted:#a9a8b8;
--accent:#c8ff3d;--accent-text:#0b0b10;--danger:#ff6b6b;--warn:#ffc14d;--radius:14px;--radius-sm:8px;
--focus:0 0 0 3px var(--bg),0 0 0 5px var(--accent);color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,audio:focus-visible{outline:none;box-shadow:var(--focus)}
.skip{position:absolute;left:-999px;top:0}.skip:focus{left:1rem;top:1rem;z-index:2;background:var(--bg-raised);padding:.5rem 1rem;border-radius:var(--radius-sm)}
header.desk{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:center;justify-content:space-between;padding:.9rem clamp(1rem,4vw,2.5rem);border-bottom:1px solid var(--line);background:var(--bg-raised)}
.brand{font-weight:700;letter-spacing:.02em;color:var(--text);text-decoration:none}.brand span{color:var(--muted);font-weight:500}
header.desk nav{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
main{max-width:68rem;margin:0 auto;padding:1.5rem clamp(1rem,4vw,2.5rem) 3rem}
h1{font-size:clamp(1.5rem,4vw,2rem);line-height:1.2;margin:0 0 1rem}
h2{font-size:1.2rem;margin:2rem 0 .75rem}
.button,button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.55rem 1.2rem;border:0;border-radius:999px;background:var(--accent);color:var(--accent-text);font:inherit;font-weight:650;text-decoration:none;cursor:pointer}
.button.quiet,button.quiet{background:transparent;color:var(--text);border:1px solid var(--line)}
.button.quiet:hover,button.quiet:hover{background:var(--bg-hover)}
label{display:block;font-weight:600;margin:0 0 .35rem}
input[aria-invalid=true]{border-color:var(--danger)}
input,select,textarea{width:100%;min-height:44px;padding:.6rem .8rem;border:1px solid #55556b;border-radius:var(--radius-sm);background:var(--bg);color:var(--text);font:inherit}
textarea{min-height:8rem;resize:vertical}
.hint{color:var(--muted);font-size:.9rem;margin:.35rem 0 0}
.notice{padding:.75rem 1rem;border-radius:var(--radius-sm);border:1px solid var(--line);background:var(--bg-raised);margin:0 0 1.25rem}
.notice.error{border-color:var(--danger);color:#ffd0d0}.notice.ok{border-color:var(--accent)}
.card{background:var(--bg-raised);border:1px solid var(--line);border-radius:var(--radius);padding:1.25rem}
.card>h2:first-child{margin-top:0}
.sign-in{max-width:26rem;margin:8vh auto 0}.sign-in form{display:grid;gap:1rem}
.tabs{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:0 0 1rem}
.tabs a{display:inline-block;padding:.45rem .9rem;border-radius:999px;border:1px solid var(--line);color:var(--text);text-decoration:none;min-height:44px;line-height:1.9}
.tabs a[aria-current=page]{background:var(--accent);color:var(--accent-text);border-color:var(--accent);font-weight:650}
.list{list-style:none;padding:0;margin:0;display:grid;gap:.6rem}
.list a{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem;padding:.9rem 1.1rem;border:1px solid var(--line);border-radius:var(--radius-sm);background:var(--bg-raised);color:var(--text);text-decoration:none}
.list a:hover{background:var(--bg-hover)}
.list .who{font-weight:650}.list .meta{color:var(--muted);font-size:.9rem;grid-column:1/-1}
.status{display:inline-block;padding:.1rem .6rem;border-radius:999px;font-size:.85rem;font-weight:650;border:1px solid currentColor;white-space:nowrap;align-self:start}
.status.pending{color:var(--warn)}.status.reviewing{color:#7cc4ff}.status.accepted{color:var(--accent)}.status.rejected{color:#ff9a9a}
.pager{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between;margin-top:1.25rem}
.detail,.side{display:grid;gap:1.5rem;grid-template-columns:1fr;align-items:start}
@media (min-width:1024px){.detail{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}}
dl{display:grid;grid-template-columns:1fr;margin:0}
dt{color:var(--muted);font-size:.9rem;margin-top:.6rem}dt:first-child{margin-top:0}dd{margin:0;overflow-wrap:anywhere}dd.text{white-space:pre-wrap}
@media (min-width:600px){dl{grid-template-columns:minmax(7rem,auto) 1fr;gap:.5rem 1rem}dt{font-size:1rem;margin-top:0}}
dd ul{margin:0;padding-left:1.1rem;white-space:normal}
audio{width:100%;margin:.5rem 0}
.artwork{display:block;width:100%;max-width:22rem;aspect-ratio:1;object-fit:cover;border-radius:var(--radius-sm);border:1px solid var(--line);background:var(--bg)}
.review{display:grid;gap:1rem}
.tools{margin-top:2.5rem;border-top:1px solid var(--line);padding-top:1rem}
.inline{display:inline}
fieldset{border:0;padding:0;margin:0;min-width:0}legend{font-weight:600;margin:0 0 .5rem;padding:0}
.picks{list-style:none;padding:0;margin:0;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,18rem),1fr))}
.pick{display:grid;grid-template-columns:auto auto 1fr;gap:.75rem;align-items:center;margin:0;padding:.6rem .75rem;border:1px solid var(--line);border-radius:var(--radius-sm);background:var(--bg);font-weight:400;cursor:pointer}
.history{list-style:none;padding:0;margin:0;display:grid;gap:.4rem}.history .who{font-weight:650}
.drafts{list-style:none;padding:0;margin:0;display:grid;gap:.6rem}
.drafts li{display:flex;flex-wrap:wrap;gap:.35rem 1rem;align-items:center;padding:.75rem 1rem;border:1px solid var(--line);border-radius:var(--radius-sm);background:var(--bg-raised)}
.drafts strong{flex:1 1 14rem}.drafts .hint{margin:0}
.drafts .kind{color:var(--accent);font-size:.75rem;letter-spacing:.08em;text-transform:uppercase;min-width:4.5rem}
.pick:has(input:checked){border-color:var(--accent)}
.pick input{width:1.25rem;min-height:1.25rem;height:1.25rem;margin:0;accent-color:var(--accent)}
.pick img{width:3rem;height:3rem;object-fit:cover;border-radius:6px}
.pick .kind{display:block;color:var(--accent);font-size:.75rem;letter-spacing:.08em;text-transform:uppercase}
.pick .who{font-weight:650}.pick .meta{display:block;color:var(--muted);font-size:.85rem}
pre.text{white-space:pre-wrap;font:inherit;background:var(--bg);border:1px solid var(--line);border-radius:var(--radius-sm);padding:1rem}
`;

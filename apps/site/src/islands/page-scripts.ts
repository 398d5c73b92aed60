// The inline scripts of the site's pages, as exact text: the Content-Security-Policy allows each by its
// hash (build/content-security-policy.ts; firebase.json must list them, which a test and the prerender
// step check). Nothing here may vary between builds — what varies (the hashed chunk names) travels as
// JSON in the page.
import {
  EDIT_KEY_FIELD,
  EDIT_KEY_STORAGE_PREFIX,
  SESSION_EMAIL_KEY,
  SESSION_REFERRED_BY_KEY,
} from '@silk/schema/constants';
import { REFERRAL_PARAM } from '@silk/schema/referrals';

/** id of the JSON element naming the page's entry module and the chunks to preload with it. */
export const PAGE_MODULES_ID = 'page-modules';

export interface PageModules {
  entry: string;
  preload: string[];
}

/** The window property listing the forms the guard held back until their island hydrates. */
export const HELD_SUBMITS = '__silkHeldSubmits';

/** The window property listing the buttons pressed before their island hydrated, in the order pressed. */
export const HELD_CLICKS = '__silkHeldClicks';

/**
 * How long a form with a server path waits for its island before it posts natively: the island's
 * scripts may never come (a dropped connection), and the post works without them.
 */
export const HELD_POST_LIMIT_MS = 8000;

const text = (value: string) => JSON.stringify(value);

/**
 * Head of every page with islands: the `js` class, and the rule for what a visitor does before an
 * island has hydrated, so that nothing is lost. A form submitted then is held back, listed once in
 * window[HELD_SUBMITS] however many times it was pressed, and submitted once its island has hydrated
 * (islands/island.tsx): the island checks it as it would any press (a mistyped address gets its message
 * in place). A form with a server path (method="post": the landing form, to /api/join) that is still
 * held after HELD_POST_LIMIT_MS posts natively instead, once, and its address is remembered for
 * /waitlist's personalised text as the hydrated form would, with the session's edit key (made here if
 * the session has none), which the post carries in a hidden field so that /api/join binds it to a new
 * signup. Any other form only waits (a native GET would put its fields in the URL). A press of an
 * island's button (type="button": the carousel's controls) is held back likewise, listed in
 * window[HELD_CLICKS], and pressed again once the island has hydrated.
 * A referral link's code (`?ref=…`) is kept in the session's storage as the page loads (the island sends
 * it with /api/subscribe) and goes with a native post in a hidden `ref` field.
 */
export const FORM_GUARD_SCRIPT =
  "document.documentElement.classList.add('js');(function(){var sent=false,released=null;" +
  `try{var ref=new URLSearchParams(location.search).get(${text(REFERRAL_PARAM)});` +
  `if(ref)sessionStorage.setItem(${text(SESSION_REFERRED_BY_KEY)},ref)}catch(error){}` +
  "function hidden(form,name,value){var input=document.createElement('input');input.type='hidden';input.name=name;" +
  // Gone once the post has read the fields: the form stays as its island expects it (back/forward cache).
  'input.value=value;form.appendChild(input);setTimeout(function(){input.remove()},0)}' +
  "function waiting(node){return node.closest('[data-island]')&&!node.closest('[data-hydrated]')}" +
  "addEventListener('pageshow',function(){sent=false});" +
  "document.addEventListener('click',function(event){var target=event.target;" +
  "var button=target&&target.closest&&target.closest('button[type=button]');" +
  `if(!button||!waiting(button))return;event.preventDefault();` +
  `(window[${text(HELD_CLICKS)}]=window[${text(HELD_CLICKS)}]||[]).push(button)},true);` +
  "document.addEventListener('submit',function(event){var form=event.target;" +
  "if(!form||!form.closest||form.closest('[data-hydrated]'))return;" +
  `if(form!==released){event.preventDefault();var held=window[${text(HELD_SUBMITS)}]=window[${text(HELD_SUBMITS)}]||[];` +
  "if(held.indexOf(form)>=0)return;held.push(form);if(form.method==='post')setTimeout(function(){" +
  `var at=held.indexOf(form);if(at<0)return;held.splice(at,1);released=form;form.requestSubmit()},${HELD_POST_LIMIT_MS});return}` +
  'released=null;if(sent){event.preventDefault();return}sent=true;' +
  "var field=form.elements.namedItem('email');var email=field&&field.value?field.value.trim():'';if(!email)return;" +
  `try{sessionStorage.setItem(${text(SESSION_EMAIL_KEY)},email);` +
  `var name=${text(EDIT_KEY_STORAGE_PREFIX)}+email.toLowerCase(),key=sessionStorage.getItem(name);` +
  "if(!key){var bytes=crypto.getRandomValues(new Uint8Array(32)),raw='';" +
  'for(var i=0;i<bytes.length;i++)raw+=String.fromCharCode(bytes[i]);' +
  "key=btoa(raw).replace(/\\+/g,'-').replace(/\\//g,'_').replace(/=+$/,'');sessionStorage.setItem(name,key)}" +
  `hidden(form,${text(EDIT_KEY_FIELD)},key);var code=sessionStorage.getItem(${text(SESSION_REFERRED_BY_KEY)});` +
  `if(code)hidden(form,${text(REFERRAL_PARAM)},code)}catch(error){}},true)})()`;

/**
 * Replaces the page's module script (scripts/prerender.mjs): waits for the browser's
 * first-contentful-paint entry (or 1 s where Paint Timing is missing), then preloads the chunks and
 * imports the entry named by the page's JSON. The prerendered HTML never waits for, nor shares the
 * network with, the page's JavaScript before it shows. Without JavaScript nothing changes.
 */
export const PAGE_LOADER_SCRIPT =
  "let s=0;const go=()=>{if(s++)return;setTimeout(()=>{const m=JSON.parse(document.getElementById('" +
  PAGE_MODULES_ID +
  "').textContent);for(const h of m.preload){const l=document.createElement('link');l.rel='modulepreload';" +
  'l.href=h;document.head.append(l)}import(m.entry)})};' +
  "try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}})" +
  ".observe({type:'paint',buffered:true})}catch{}setTimeout(go,1000)";

/**
 * A function expression, as source, that inline pre-paint scripts call to add one style rule.
 * It goes through the CSS object model, never a <style> element: the Content-Security-Policy
 * allows only the style elements the build hashed, and a rule made from the query cannot be.
 * Constructable sheets where the browser has them; otherwise the rule joins the page's last sheet.
 */
export const ADD_STYLE_RULE =
  'function(r){try{var s=new CSSStyleSheet();s.replaceSync(r);document.adoptedStyleSheets=document.adoptedStyleSheets.concat(s)}catch(_){var l=document.styleSheets,t=l[l.length-1];if(t)t.insertRule(r,t.cssRules.length)}}';

// The 404 page is static HTML: this entry only brings the stylesheet (the prerender drops the script).
import '../styles/site.css';

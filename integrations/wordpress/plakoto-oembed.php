<?php
/**
 * Plugin Name: Plakoto diagrams
 * Description: Paste the address of a Plakoto diagram's embed page on a line of its own, and the post shows the live step-through board (oEmbed).
 * Version:     1.0.0
 * Requires at least: 5.0
 * License:     MIT
 *
 * See EMBEDDING.md, "In WordPress". Set PLAKOTO_SITE below to the tutorial's address.
 *
 * The tutorial is a static site: each embed page SITE/xx/embed/DIAGRAM/ has its oEmbed
 * answers in SITE/xx/embed/DIAGRAM/oembed-WIDTH.json, one for each of PLAKOTO_WIDTHS. This
 * plugin registers the site as a trusted oEmbed provider (so WordPress keeps the iframe as
 * the site wrote it) and fetches, for each pasted address, the widest answer that fits the
 * post's content width (maxwidth) and maxheight; "?step=2" or "?step=pin" in the address
 * opens that step. A block theme sets no content width ($content_width), so WordPress would
 * ask for 500 pixels whatever its column; the plugin takes the column's width from the
 * theme's theme.json (settings.layout.contentSize) instead.
 */

defined( 'ABSPATH' ) || exit;

/** The tutorial's address, ending in a slash. */
const PLAKOTO_SITE = 'https://plakoto.example/';

/** An embed page's address: SITE, a language, "embed", the diagram; then index.html and ?step=… may follow. */
function plakoto_pattern() {
	return '#^(' . preg_quote( PLAKOTO_SITE, '#' ) . '[a-z]{2,3}(?:-[a-z0-9]+)?/embed/[a-z0-9]+(?:-[a-z0-9]+)*/)(?:index\.html)?(?:\?step=([a-z0-9-]+))?$#i';
}

/** The widths the site writes an oEmbed answer for (plakoto_site/render/embed.py, WIDTHS). */
const PLAKOTO_WIDTHS = array( 320, 400, 480, 560, 640, 800 );

/**
 * The widest answer that fits $args['width'] and $args['height'] (WordPress's maxwidth and
 * maxheight), else the narrowest. A diagram's frame is its board, (width - 24) * 526 / 604
 * high, and 112 pixels of controls (render/embed.py, compact_height).
 */
function plakoto_width( $args ) {
	$best = PLAKOTO_WIDTHS[0];
	foreach ( PLAKOTO_WIDTHS as $width ) {
		$height = (int) ceil( ( $width - 24 ) * 526 / 604 + 112 );
		$wide   = empty( $args['width'] ) || $width <= (int) $args['width'];
		$high   = empty( $args['height'] ) || $height <= (int) $args['height'];
		if ( $wide && $high ) {
			$best = $width;
		}
	}
	return $best;
}

/**
 * The content column's width in pixels from the theme's theme.json (settings.layout.contentSize),
 * or 0: for a theme without theme.json (a classic theme, which sets $content_width), and for a
 * size that is not in pixels ("40rem", "min(650px, 90vw)"), whose width in pixels only the
 * reader's browser knows.
 */
function plakoto_theme_width() {
	if ( function_exists( 'wp_theme_has_theme_json' ) ) {
		$block_theme = wp_theme_has_theme_json();
	} else {
		$block_theme = class_exists( 'WP_Theme_JSON_Resolver' ) && WP_Theme_JSON_Resolver::theme_has_support();
	}
	if ( ! $block_theme || ! function_exists( 'wp_get_global_settings' ) ) {
		return 0;
	}
	// A path that is missing gives back every setting, an array: only a string is a size.
	$size = wp_get_global_settings( array( 'layout', 'contentSize' ) );
	if ( ! is_string( $size ) || ! preg_match( '/^\s*(\d+(?:\.\d+)?)px\s*$/i', $size, $match ) ) {
		return 0;
	}
	return (int) floor( (float) $match[1] );
}

/** Whether $url is on the tutorial's site (PLAKOTO_SITE and below). */
function plakoto_ours( $url ) {
	return is_string( $url ) && 0 === strncasecmp( $url, PLAKOTO_SITE, strlen( PLAKOTO_SITE ) );
}

/*
 * WordPress fetches oEmbed answers with wp_safe_remote_get, which refuses a host on a local
 * address (127.0.0.1, 10.…, 192.168.…: a tutorial served on your own machine or network)
 * and any port but 80, 443 and 8080. The administrator chose PLAKOTO_SITE, so it may be
 * fetched from even then; every other address is judged as before.
 */
add_filter(
	'http_request_host_is_external',
	function ( $external, $host, $url ) {
		return $external || plakoto_ours( $url );
	},
	10,
	3
);

add_filter(
	'http_allowed_safe_ports',
	function ( $ports, $host, $url ) {
		$port = wp_parse_url( PLAKOTO_SITE, PHP_URL_PORT );
		if ( $port && is_array( $ports ) && plakoto_ours( $url ) ) {
			$ports[] = $port;
		}
		return $ports;
	},
	10,
	3
);

/*
 * WordPress's default size for an embed is $content_width, else 500 pixels (wp_embed_defaults).
 * For the tutorial's addresses in a theme with theme.json, it is the theme's content column
 * instead, and the height WordPress would give that width; a width or height written in the
 * post ([embed width="…"]) still wins, as WordPress puts it over these defaults.
 */
add_filter(
	'embed_defaults',
	function ( $size, $url ) {
		$width = plakoto_theme_width();
		if ( $width > 0 && is_array( $size ) && is_string( $url ) && preg_match( plakoto_pattern(), $url ) ) {
			$size['width']  = $width;
			$size['height'] = min( (int) ceil( $width * 1.5 ), 1000 );
		}
		return $size;
	},
	10,
	2
);

add_action(
	'init',
	function () {
		// The endpoint named here is replaced per address below: each diagram has its own file.
		wp_oembed_add_provider( plakoto_pattern(), PLAKOTO_SITE . 'oembed.json', true );
	}
);

add_filter(
	'oembed_fetch_url',
	function ( $provider, $url, $args ) {
		if ( ! preg_match( plakoto_pattern(), $url, $match ) ) {
			return $provider;
		}
		return $match[1] . 'oembed-' . plakoto_width( is_array( $args ) ? $args : array() ) . '.json';
	},
	10,
	3
);

add_filter(
	'oembed_result',
	function ( $html, $url, $args ) {
		if ( ! is_string( $html ) || ! preg_match( plakoto_pattern(), $url, $match ) || empty( $match[2] ) ) {
			return $html;
		}
		$page = $match[1] . 'index.html';
		return str_replace( 'src="' . $page . '"', 'src="' . $page . '?step=' . rawurlencode( $match[2] ) . '"', $html );
	},
	10,
	3
);

/*
 * A diagram written in the post itself, in the TOML the tutorial's build reads (EMBEDDING.md,
 * "In any page: the viewer script"):
 *
 *   [plakoto-diagram lang="en"]
 *   start = "W:24x10,13x3,8,6;B:1x12,5,12x2;T:W"
 *   [[steps]]
 *   roll = "3-1"
 *   play = "8/5* 6/5"
 *   [/plakoto-diagram]
 *
 * The tutorial's viewer script draws it in the reader's browser, every step checked by the
 * rules; a mistake shows the engine's message instead. WordPress runs wpautop before
 * shortcodes, so the line breaks it added are taken out again, and the source is kept from
 * wptexturize's curly quotes.
 */
function plakoto_diagram_source( $content ) {
	$source = preg_replace( array( '#<br\s*/?>#i', '#</?p>#i' ), '', (string) $content );
	return trim( html_entity_decode( $source, ENT_QUOTES, 'UTF-8' ), "\n" );
}

function plakoto_diagram_shortcode( $atts, $content = '' ) {
	$atts = shortcode_atts( array( 'lang' => 'en', 'theme' => '' ), $atts, 'plakoto-diagram' );
	$lang = in_array( $atts['lang'], array( 'en', 'ru', 'el', 'uk' ), true ) ? $atts['lang'] : 'en';
	$theme = in_array( $atts['theme'], array( 'light', 'dark' ), true ) ? ' data-theme="' . $atts['theme'] . '"' : '';
	wp_enqueue_script( 'plakoto-viewer', PLAKOTO_SITE . 'assets/plakoto-viewer.js', array(), null, true );
	return '<pre class="plakoto" data-lang="' . $lang . '"' . $theme . '>' . esc_html( plakoto_diagram_source( $content ) ) . '</pre>';
}

add_action(
	'init',
	function () {
		add_shortcode( 'plakoto-diagram', 'plakoto_diagram_shortcode' );
	}
);

add_filter(
	'no_texturize_shortcodes',
	function ( $names ) {
		$names[] = 'plakoto-diagram';
		return $names;
	}
);

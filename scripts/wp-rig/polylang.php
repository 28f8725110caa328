<?php
/**
 * "polylang=on" (scripts/wp-rig.sh mode polylang=on|off): a WordPress with Polylang (free) for the site's translated
 * content, without the plugin (the rig is offline): Polylang's PHP API (pll_get_post_language,
 * pll_get_post_translations, pll_default_language, pll_languages_list) and its `lang` query variable. The
 * companion plugin turns those into Polylang Pro's REST shape (wordpress/lrjn-companion/includes/polylang.php):
 * `lang` and `translations` ({"en": 12, "es": 34}, the item itself included) on every post, page and event, and
 * `?lang=xx` on collections (no `lang`: every language, as Polylang does). Languages are stored in post meta
 * (`_wprig_lang`, absent = the default language) and translation groups in `_wprig_translations` on every member.
 *
 * The switch (wprig_polylang_switch) publishes a few real translated demo posts, a page and an event, linked to
 * their English originals; switching off deletes them again, so the default rig (and its tests) is unchanged.
 *
 * Loaded by mu-plugin.php (every request) and configure.php (the switch).
 *
 * @package WPRig
 */

defined( 'ABSPATH' ) || exit;

const WPRIG_PLL_LANGUAGES = array( 'en', 'es', 'fr', 'pt' );
const WPRIG_PLL_TYPES     = array( 'post', 'page', 'events' );

/**
 * True while the rig is in polylang=on mode.
 */
function wprig_polylang_on() {
	return 'on' === get_option( 'wprig_polylang' );
}

/**
 * A post's language slug (the default language when none is stored).
 *
 * @param int $post_id Post id.
 */
function wprig_pll_language( $post_id ) {
	$lang = get_post_meta( (int) $post_id, '_wprig_lang', true );
	return in_array( $lang, WPRIG_PLL_LANGUAGES, true ) ? $lang : 'en';
}

/**
 * A post's translation group, language slug => id, itself included.
 *
 * @param int $post_id Post id.
 */
function wprig_pll_translations( $post_id ) {
	$group = json_decode( (string) get_post_meta( (int) $post_id, '_wprig_translations', true ), true );
	$group = is_array( $group ) ? array_map( 'intval', $group ) : array();
	$group[ wprig_pll_language( $post_id ) ] = (int) $post_id;
	return array_filter(
		$group,
		static function ( $id ) {
			return $id > 0 && get_post( $id );
		}
	);
}

if ( wprig_polylang_on() && ! function_exists( 'pll_get_post_language' ) ) {
	// Polylang's public API, as far as the site and the companion plugin use it.
	function pll_default_language( $field = 'slug' ) {
		return 'en';
	}
	function pll_languages_list( $args = array() ) {
		return WPRIG_PLL_LANGUAGES;
	}
	function pll_get_post_language( $post_id, $field = 'slug' ) {
		return wprig_pll_language( $post_id );
	}
	function pll_get_post_translations( $post_id ) {
		return wprig_pll_translations( $post_id );
	}

	// Polylang's `lang` query variable (a taxonomy query there, post meta here).
	add_action( 'pre_get_posts', 'wprig_pll_filter_query' );
}

/**
 * WP_Query's `lang` (Polylang's query variable, set by the companion plugin from `?lang=` in REST): only items in
 * that language (items without a stored language are the default one).
 *
 * @param WP_Query $query Query.
 */
function wprig_pll_filter_query( $query ) {
	$lang = $query->get( 'lang' );
	if ( ! is_string( $lang ) || ! in_array( $lang, WPRIG_PLL_LANGUAGES, true ) ) {
		return;
	}
	$clause = 'en' === $lang
		? array(
			'relation' => 'OR',
			array(
				'key'     => '_wprig_lang',
				'compare' => 'NOT EXISTS',
			),
			array(
				'key'   => '_wprig_lang',
				'value' => 'en',
			),
		)
		: array(
			'key'   => '_wprig_lang',
			'value' => $lang,
		);
	$existing = $query->get( 'meta_query' );
	$query->set( 'meta_query', is_array( $existing ) && $existing ? array( 'relation' => 'AND', $existing, $clause ) : array( $clause ) );
}

/**
 * The demo translations: [post type, English slug, language, slug, title, excerpt, content, translated fields].
 */
function wprig_pll_demo() {
	return array(
		array(
			'post',
			'faith-leaders-roundtable',
			'es',
			'mesa-redonda-de-lideres-religiosos',
			'Mesa redonda de líderes religiosos sobre racismo y pertenencia',
			'Líderes de once comunidades religiosas se reunieron para hablar del racismo dentro y alrededor de sus congregaciones, y de lo que pueden hacer juntos.',
			'<p>A principios de este mes organizamos una mesa redonda con líderes religiosos de todo Leeds. Participaron líderes de once comunidades, entre ellas iglesias, mezquitas, gurdwaras, una sinagoga, un templo hindú y un centro budista. La conversación fue franca, cálida y, a veces, incómoda, como suelen serlo las conversaciones importantes.</p>
<h2>¿Por qué una mesa redonda?</h2>
<p>Las comunidades religiosas tienen un papel enorme en la vida de muchas personas de nuestra red. Son lugares de pertenencia, apoyo y fortaleza. Pero varias personas nos han contado, a través de nuestro <a href="/pastoral-work">trabajo pastoral</a>, que también han sufrido racismo en espacios religiosos.</p>
<h2>Lo que se acordó</h2>
<p>Las personas participantes acordaron reunirse dos veces al año, con la facilitación de la red. Si usted es líder religioso y quiere sumarse a las próximas mesas redondas, <a href="/contact">contáctenos</a>.</p>',
		),
		array(
			'post',
			'faith-leaders-roundtable',
			'pt',
			'mesa-redonda-de-lideres-religiosos-pt',
			'Mesa-redonda de líderes religiosos sobre racismo e pertença',
			'Líderes de onze comunidades religiosas reuniram-se para falar sobre o racismo dentro e à volta das suas congregações, e sobre o que podem fazer juntos.',
			'<p>No início deste mês, organizámos uma mesa-redonda com líderes religiosos de toda a cidade de Leeds. Participaram líderes de onze comunidades, incluindo igrejas, mesquitas, gurdwaras, uma sinagoga, um templo hindu e um centro budista. A conversa foi franca, calorosa e, por vezes, desconfortável, como acontece com as conversas importantes.</p>
<h2>O que foi acordado</h2>
<p>Os participantes acordaram reunir-se duas vezes por ano, com a facilitação da rede. Se é líder religioso e gostaria de participar nas próximas mesas-redondas, <a href="/contact">contacte-nos</a>.</p>',
		),
		array(
			'post',
			'stop-the-scan-campaign-launch',
			'fr',
			'lancement-de-la-campagne-stop-the-scan',
			'Stop The Scan : pourquoi nous faisons campagne contre la reconnaissance faciale en temps réel',
			'Nous lançons aujourd’hui Stop The Scan, une campagne qui demande que la reconnaissance faciale en temps réel reste hors des rues, des commerces et des gares de Leeds.',
			'<p>Nous lançons aujourd’hui <strong>Stop The Scan</strong>, une campagne qui demande que les caméras de reconnaissance faciale en temps réel restent hors des rues, des centres commerciaux et des gares de Leeds. Elle est née de conversations avec des membres du réseau qui nous ont dit, encore et encore, qu’ils se sentent déjà surveillés quand ils traversent le centre-ville.</p>
<h2>Ce que nous demandons</h2>
<ul>
<li>Un engagement public à ne pas utiliser la reconnaissance faciale en temps réel à Leeds sans une véritable consultation publique.</li>
<li>Un contrôle indépendant qui inclut les personnes des communautés les plus concernées.</li>
</ul>
<p>Commencez par lire notre <a href="/stop-the-scan">page Stop The Scan</a>.</p>',
		),
		array(
			'page',
			'about',
			'es',
			'sobre-nosotros',
			'Sobre nosotros',
			'Una red comunitaria y organización benéfica de Leeds que trabaja por la justicia racial.',
			'<p>Leeds Racial Justice Network es una red comunitaria y una organización benéfica con sede en Leeds. Reunimos a personas, grupos y organizaciones que trabajan por la justicia racial mediante el aprendizaje, el apoyo, la investigación y la acción colectiva.</p>
<p>Si quiere saber más o colaborar con nosotros, <a href="/contact">escríbanos</a>.</p>',
		),
		array(
			'events',
			'annual-gathering-2025',
			'es',
			'encuentro-anual-2025',
			'Encuentro anual 2025',
			'El encuentro anual de nuestros miembros: hacer balance, fijar prioridades y elegir a la junta directiva.',
			'<p>Nuestro encuentro anual es el único día del año en que toda la red se reúne. Haremos balance de lo que hemos hecho, debatiremos y votaremos las prioridades del próximo año y elegiremos a nuevas personas para la junta directiva.</p>
<p>Todos los miembros son bienvenidos y pueden votar. Habrá almuerzo y actividades para niños y niñas.</p>',
			array(
				'agenda'    => '<ul><li>10:30 – Bienvenida y novedades de cada programa</li><li>12:30 – Almuerzo</li><li>13:30 – Debate y votación de prioridades</li><li>15:00 – Elección de la junta directiva</li><li>15:45 – Agradecimientos y cierre</li></ul>',
				'follow_up' => '<p>Lea la <a href="/blog/annual-gathering-2025-thank-you">entrada de agradecimiento</a> con las prioridades acordadas ese día.</p>',
			),
		),
	);
}

/**
 * Switches the Polylang-shaped mode on (publishes the demo translations and links them) or off (deletes them).
 * Idempotent.
 *
 * @param bool $on On or off.
 * @return string[] What was done, for the mode's output.
 */
function wprig_polylang_switch( $on ) {
	// Demo content, not news: no revalidation webhooks (as import.php).
	add_filter( 'lrjn_companion_webhook_enabled', '__return_false' );
	$done = array();
	foreach ( wprig_pll_demo() as $demo ) {
		list( $type, $source_slug, $lang, $slug, $title, $excerpt, $content ) = $demo;
		$fields = isset( $demo[7] ) ? $demo[7] : array();
		$existing = get_posts(
			array(
				'post_type'   => $type,
				'name'        => $slug,
				'post_status' => 'any',
				'numberposts' => 1,
			)
		);
		$source   = get_posts(
			array(
				'post_type'   => $type,
				'name'        => $source_slug,
				'post_status' => 'publish',
				'numberposts' => 1,
			)
		);
		if ( ! $on ) {
			foreach ( $existing as $post ) {
				wp_delete_post( $post->ID, true );
				$done[] = "deleted $type $slug";
			}
			if ( $source ) {
				delete_post_meta( $source[0]->ID, '_wprig_translations' );
			}
			continue;
		}
		if ( ! $source ) {
			continue;
		}
		$original = $source[0];
		$id       = $existing ? $existing[0]->ID : 0;
		if ( ! $id ) {
			$id = wp_insert_post(
				wp_slash(
					array(
						'post_type'      => $type,
						'post_status'    => 'publish',
						'post_name'      => $slug,
						'post_title'     => $title,
						'post_excerpt'   => $excerpt,
						'post_content'   => $content,
						'post_author'    => $original->post_author,
						'post_date'      => $original->post_date,
						'post_date_gmt'  => $original->post_date_gmt,
						'post_parent'    => $original->post_parent,
						'menu_order'     => $original->menu_order,
						'comment_status' => 'closed',
					)
				),
				true
			);
			if ( is_wp_error( $id ) ) {
				wprig_fail( "polylang: cannot create $slug: " . $id->get_error_message() );
			}
			// What Polylang's synchronisation copies: featured image, terms and custom fields.
			foreach ( get_post_meta( $original->ID ) as $key => $values ) {
				if ( 0 === strpos( $key, '_wprig_' ) || in_array( $key, array( '_edit_lock', '_edit_last' ), true ) ) {
					continue;
				}
				foreach ( $values as $value ) {
					add_post_meta( $id, $key, maybe_unserialize( $value ) );
				}
			}
			foreach ( $fields as $key => $value ) {
				update_post_meta( $id, $key, wp_slash( $value ) );
			}
			foreach ( get_object_taxonomies( $type ) as $taxonomy ) {
				$terms = wp_get_object_terms( $original->ID, $taxonomy, array( 'fields' => 'ids' ) );
				if ( ! is_wp_error( $terms ) && $terms ) {
					wp_set_object_terms( $id, $terms, $taxonomy );
				}
			}
			$done[] = "created $type $slug ($lang)";
		}
		update_post_meta( $id, '_wprig_lang', $lang );
		$group          = wprig_pll_translations( $original->ID );
		$group['en']    = $original->ID;
		$group[ $lang ] = $id;
		$encoded        = wp_json_encode( $group );
		foreach ( $group as $member ) {
			update_post_meta( $member, '_wprig_translations', $encoded );
		}
	}
	update_option( 'wprig_polylang', $on ? 'on' : 'off' );
	return $done;
}

<?php
/**
 * Pages → Home page hero: the heading, text, background image and button of the website's home page hero,
 * edited in WordPress and read by the site from GET /wp-json/lrjn/v1/hero (public, read-only). Saving sends the
 * revalidation webhook {"kind":"settings","action":"save","name":"hero"} so the home page refreshes at once.
 * Empty fields leave the site's own value in place.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

const LRJN_COMPANION_HERO_OPTION = 'lrjn_companion_hero';
const LRJN_COMPANION_HERO_SLUG   = 'lrjn-home-hero';
/** Who may edit the hero: whoever may edit pages (editors too, not only administrators). */
const LRJN_COMPANION_HERO_CAP = 'edit_pages';

/**
 * The stored hero with every key present.
 *
 * @return array{heading:string,text:string,image_id:int,button_label:string,button_link:string}
 */
function lrjn_companion_hero() {
	$stored = get_option( LRJN_COMPANION_HERO_OPTION, array() );
	$stored = is_array( $stored ) ? $stored : array();
	return array(
		'heading'      => isset( $stored['heading'] ) ? (string) $stored['heading'] : '',
		'text'         => isset( $stored['text'] ) ? (string) $stored['text'] : '',
		'image_id'     => isset( $stored['image_id'] ) ? (int) $stored['image_id'] : 0,
		'button_label' => isset( $stored['button_label'] ) ? (string) $stored['button_label'] : '',
		'button_link'  => isset( $stored['button_link'] ) ? (string) $stored['button_link'] : '',
	);
}

/**
 * Registers the option on every request, so its sanitiser runs on every save (options.php and REST alike).
 */
function lrjn_companion_register_hero_setting() {
	register_setting(
		'lrjn_companion_hero',
		LRJN_COMPANION_HERO_OPTION,
		array(
			'type'              => 'object',
			'default'           => array(),
			'show_in_rest'      => false,
			'sanitize_callback' => 'lrjn_companion_sanitize_hero',
		)
	);
}
add_action( 'init', 'lrjn_companion_register_hero_setting' );

/**
 * options.php checks manage_options unless told otherwise: editors may save the hero.
 *
 * @return string
 */
function lrjn_companion_hero_option_capability() {
	return LRJN_COMPANION_HERO_CAP;
}
add_filter( 'option_page_capability_lrjn_companion_hero', 'lrjn_companion_hero_option_capability' );

/**
 * Plain-text fields, an image attachment id and a link that is a site path or an http(s) URL.
 *
 * @param mixed $value Submitted value.
 * @return array
 */
function lrjn_companion_sanitize_hero( $value ) {
	$value = is_array( $value ) ? wp_unslash( $value ) : array();
	$line  = static function ( $key, $max ) use ( $value ) {
		$text = isset( $value[ $key ] ) && is_string( $value[ $key ] ) ? sanitize_text_field( $value[ $key ] ) : '';
		return mb_substr( $text, 0, $max );
	};
	$image_id = isset( $value['image_id'] ) ? absint( $value['image_id'] ) : 0;
	if ( $image_id && ! wp_attachment_is_image( $image_id ) ) {
		$image_id = 0;
	}
	$link = isset( $value['button_link'] ) && is_string( $value['button_link'] ) ? trim( $value['button_link'] ) : '';
	if ( '' !== $link && ! lrjn_companion_hero_link_ok( $link ) ) {
		if ( function_exists( 'add_settings_error' ) ) {
			add_settings_error( LRJN_COMPANION_HERO_OPTION, 'invalid-link', __( 'The button link must be a path on the website (such as /community) or an http:// or https:// address.', 'lrjn-companion' ) );
		}
		$link = lrjn_companion_hero()['button_link'];
	}
	return array(
		'heading'      => $line( 'heading', 120 ),
		'text'         => mb_substr( sanitize_textarea_field( isset( $value['text'] ) && is_string( $value['text'] ) ? $value['text'] : '' ), 0, 300 ),
		'image_id'     => $image_id,
		'button_label' => $line( 'button_label', 60 ),
		'button_link'  => mb_substr( $link, 0, 500 ),
	);
}

/**
 * A site path (not protocol-relative) or an http(s) URL with a host.
 *
 * @param string $link Link.
 * @return bool
 */
function lrjn_companion_hero_link_ok( $link ) {
	if ( preg_match( '#^/(?![/\\\\])[^\s]*$#', $link ) ) {
		return true;
	}
	$parts = wp_parse_url( $link );
	return is_array( $parts ) && ! empty( $parts['host'] ) && in_array( strtolower( (string) ( $parts['scheme'] ?? '' ) ), array( 'http', 'https' ), true ) && ! preg_match( '/\s/', $link );
}

/**
 * The hero as the site reads it: empty strings and a null image mean "keep the site's own".
 *
 * @return array
 */
function lrjn_companion_hero_rest() {
	$hero  = lrjn_companion_hero();
	$image = null;
	if ( $hero['image_id'] && wp_attachment_is_image( $hero['image_id'] ) ) {
		$src = wp_get_attachment_image_src( $hero['image_id'], 'full' );
		if ( $src ) {
			$image = array(
				'url'    => $src[0],
				'width'  => (int) $src[1],
				'height' => (int) $src[2],
				'alt'    => (string) get_post_meta( $hero['image_id'], '_wp_attachment_image_alt', true ),
			);
		}
	}
	return array(
		'heading'     => $hero['heading'],
		'text'        => $hero['text'],
		'image'       => $image,
		'buttonLabel' => $hero['button_label'],
		'buttonLink'  => $hero['button_link'],
	);
}

/**
 * POST /wp-json/lrjn/v1/hero: the same edit over REST (an Application Password of a user who may edit pages),
 * for scripts and tests. Fields left out keep their value; an invalid link is refused with 400.
 *
 * @param WP_REST_Request $request Request.
 * @return array|WP_Error
 */
function lrjn_companion_update_hero_rest( $request ) {
	$hero = lrjn_companion_hero();
	$keys = array(
		'heading'     => 'heading',
		'text'        => 'text',
		'imageId'     => 'image_id',
		'buttonLabel' => 'button_label',
		'buttonLink'  => 'button_link',
	);
	foreach ( $keys as $param => $key ) {
		if ( null !== $request->get_param( $param ) ) {
			$hero[ $key ] = is_scalar( $request->get_param( $param ) ) ? (string) $request->get_param( $param ) : '';
		}
	}
	$link = trim( $hero['button_link'] );
	if ( '' !== $link && ! lrjn_companion_hero_link_ok( $link ) ) {
		return new WP_Error( 'lrjn_invalid_link', __( 'The button link must be a path on the website (such as /community) or an http:// or https:// address.', 'lrjn-companion' ), array( 'status' => 400 ) );
	}
	update_option( LRJN_COMPANION_HERO_OPTION, $hero );
	return lrjn_companion_hero_rest();
}

/**
 * GET /wp-json/lrjn/v1/hero (public: it is what the home page shows anyway); POST to edit it.
 */
function lrjn_companion_register_hero_route() {
	register_rest_route(
		'lrjn/v1',
		'/hero',
		array(
			array(
				'methods'             => 'GET',
				'permission_callback' => '__return_true',
				'callback'            => 'lrjn_companion_hero_rest',
			),
			array(
				'methods'             => 'POST',
				'permission_callback' => static function () {
					return current_user_can( LRJN_COMPANION_HERO_CAP );
				},
				'callback'            => 'lrjn_companion_update_hero_rest',
			),
		)
	);
}
add_action( 'rest_api_init', 'lrjn_companion_register_hero_route' );

/**
 * Queues the webhook when the hero changes (sent on shutdown with the request's other changes).
 */
function lrjn_companion_on_hero_saved() {
	$queue                   = &lrjn_companion_webhook_queue();
	$queue['settings:hero'] = array(
		'kind'   => 'settings',
		'action' => 'save',
		'name'   => 'hero',
	);
	lrjn_companion_ensure_shutdown_hook();
}
add_action( 'add_option_' . LRJN_COMPANION_HERO_OPTION, 'lrjn_companion_on_hero_saved' );
add_action( 'update_option_' . LRJN_COMPANION_HERO_OPTION, 'lrjn_companion_on_hero_saved' );

/**
 * Adds the page under Pages.
 */
function lrjn_companion_add_hero_page() {
	$hook = add_pages_page(
		__( 'Home page hero', 'lrjn-companion' ),
		__( 'Home page hero', 'lrjn-companion' ),
		LRJN_COMPANION_HERO_CAP,
		LRJN_COMPANION_HERO_SLUG,
		'lrjn_companion_render_hero_page'
	);
	if ( $hook ) {
		add_action( 'load-' . $hook, 'wp_enqueue_media' );
	}
}
add_action( 'admin_menu', 'lrjn_companion_add_hero_page' );

/**
 * Renders the hero editor.
 */
function lrjn_companion_render_hero_page() {
	if ( ! current_user_can( LRJN_COMPANION_HERO_CAP ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to manage these settings.', 'lrjn-companion' ) );
	}
	$hero    = lrjn_companion_hero();
	$name    = LRJN_COMPANION_HERO_OPTION;
	$preview = $hero['image_id'] ? wp_get_attachment_image_url( $hero['image_id'], 'medium' ) : '';
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<p><?php esc_html_e( 'The large banner at the top of the website\'s home page. Leave a field empty to keep the website\'s own text or image. The texts are shown on the English home page; the image and the button link on every language.', 'lrjn-companion' ); ?></p>
		<?php settings_errors( LRJN_COMPANION_HERO_OPTION ); ?>
		<form method="post" action="<?php echo esc_url( admin_url( 'options.php' ) ); ?>">
			<?php settings_fields( 'lrjn_companion_hero' ); ?>
			<table class="form-table" role="presentation">
				<tr>
					<th scope="row"><label for="lrjn-hero-heading"><?php esc_html_e( 'Heading', 'lrjn-companion' ); ?></label></th>
					<td><input type="text" id="lrjn-hero-heading" name="<?php echo esc_attr( $name ); ?>[heading]" class="large-text" maxlength="120" value="<?php echo esc_attr( $hero['heading'] ); ?>" /></td>
				</tr>
				<tr>
					<th scope="row"><label for="lrjn-hero-text"><?php esc_html_e( 'Text', 'lrjn-companion' ); ?></label></th>
					<td><textarea id="lrjn-hero-text" name="<?php echo esc_attr( $name ); ?>[text]" class="large-text" rows="3" maxlength="300"><?php echo esc_textarea( $hero['text'] ); ?></textarea></td>
				</tr>
				<tr>
					<th scope="row"><?php esc_html_e( 'Background image', 'lrjn-companion' ); ?></th>
					<td>
						<input type="hidden" id="lrjn-hero-image" name="<?php echo esc_attr( $name ); ?>[image_id]" value="<?php echo esc_attr( (string) $hero['image_id'] ); ?>" />
						<img id="lrjn-hero-preview" src="<?php echo esc_url( (string) $preview ); ?>" alt="" style="max-width:300px;height:auto;<?php echo $preview ? '' : 'display:none;'; ?>" />
						<p>
							<button type="button" class="button" id="lrjn-hero-choose"><?php esc_html_e( 'Choose image', 'lrjn-companion' ); ?></button>
							<button type="button" class="button-link" id="lrjn-hero-remove"><?php esc_html_e( 'Remove image', 'lrjn-companion' ); ?></button>
						</p>
						<p class="description"><?php esc_html_e( 'A wide photo (at least 1920 pixels wide) works best. Give it alternative text in the Media Library.', 'lrjn-companion' ); ?></p>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="lrjn-hero-label"><?php esc_html_e( 'Button label', 'lrjn-companion' ); ?></label></th>
					<td><input type="text" id="lrjn-hero-label" name="<?php echo esc_attr( $name ); ?>[button_label]" class="regular-text" maxlength="60" value="<?php echo esc_attr( $hero['button_label'] ); ?>" /></td>
				</tr>
				<tr>
					<th scope="row"><label for="lrjn-hero-link"><?php esc_html_e( 'Button link', 'lrjn-companion' ); ?></label></th>
					<td>
						<input type="text" id="lrjn-hero-link" name="<?php echo esc_attr( $name ); ?>[button_link]" class="regular-text code" maxlength="500" value="<?php echo esc_attr( $hero['button_link'] ); ?>" placeholder="/community" />
						<p class="description"><?php esc_html_e( 'A path on the website, such as /community, or a full https:// address.', 'lrjn-companion' ); ?></p>
					</td>
				</tr>
			</table>
			<?php submit_button(); ?>
		</form>
	</div>
	<script>
	( function () {
		var input = document.getElementById( 'lrjn-hero-image' );
		var preview = document.getElementById( 'lrjn-hero-preview' );
		var frame;
		document.getElementById( 'lrjn-hero-choose' ).addEventListener( 'click', function () {
			if ( ! window.wp || ! wp.media ) { return; }
			frame = frame || wp.media( { title: <?php echo wp_json_encode( __( 'Choose image', 'lrjn-companion' ) ); ?>, library: { type: 'image' }, multiple: false } );
			frame.off( 'select' ).on( 'select', function () {
				var image = frame.state().get( 'selection' ).first().toJSON();
				input.value = image.id;
				preview.src = ( image.sizes && image.sizes.medium ? image.sizes.medium.url : image.url );
				preview.style.display = '';
			} );
			frame.open();
		} );
		document.getElementById( 'lrjn-hero-remove' ).addEventListener( 'click', function () {
			input.value = '0';
			preview.removeAttribute( 'src' );
			preview.style.display = 'none';
		} );
	}() );
	</script>
	<?php
}
